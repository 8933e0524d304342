"""The live streams: messages of an event and of a player, the hub that fans them out, the stream views."""
