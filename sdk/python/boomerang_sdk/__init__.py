"""The Boomerang tournament service's SDK: the parts a client generated from the OpenAPI schema cannot write.

- `boomerang_sdk.session`: an httpx client that sends a credential as `Bearer`.
- `boomerang_sdk.streams`: read an event's or your own stream, resuming with `Last-Event-ID` after a drop.
- `boomerang_sdk.webhooks`: check a delivery's `Webhook-Signature`.
- `boomerang_sdk.paging`: every row of a list, following `next` (page numbers or cursors alike).
- `boomerang_sdk.retry`: a write sent until it is answered, with one `Idempotency-Key`.

The typed operations come from the schema: `make sdk` generates them (openapi-python-client) into
`sdk/python/boomerang_client`; see docs/api.md, "SDK"."""

__version__ = "0.8.0"
