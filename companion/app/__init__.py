"""The live application: the referee, the live loop, the store and its repair, exports and benchmarks."""
