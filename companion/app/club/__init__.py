"""A club of tables: each companion publishes its games to an MQTT broker, one dashboard follows them
all (docs/club.md)."""

from companion.app.club.wire import Broker, parse_broker, table_name

__all__ = ["Broker", "parse_broker", "table_name"]
