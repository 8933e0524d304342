"""What an organisation's programs use: webhooks, API keys, idempotent POSTs."""
