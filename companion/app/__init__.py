"""The live application: the referee, the live loop, the store, exports and benchmarks."""
