"""The rates of config/throttling.py's scopes, each from its environment variable (docs/operations.md): per
client address (reads and writes of anonymous clients, log-ins, sign-ups, OAuth exchanges) or per account."""

import environ

env = environ.Env()


def throttle_rates() -> dict[str, str]:
    return {
        "read_anon": env.str("THROTTLE_READ_ANON", default="300/min"),
        "read_user": env.str("THROTTLE_READ_USER", default="1200/min"),
        "write_anon": env.str("THROTTLE_WRITE_ANON", default="300/min"),  # a venue's door: one address
        "write_user": env.str("THROTTLE_WRITE_USER", default="1200/min"),
        "page_anon": env.str("THROTTLE_PAGE_ANON", default="300/min"),
        "page_user": env.str("THROTTLE_PAGE_USER", default="1200/min"),
        "login": env.str("THROTTLE_LOGIN", default="100/hour"),  # failed guesses from one address (a venue's)
        "login_account": env.str("THROTTLE_LOGIN_ACCOUNT", default="30/hour"),  # at one account, from strange addresses
        "login_pair": env.str("THROTTLE_LOGIN_PAIR", default="30/hour"),  # at one account from one address
        "signup": env.str("THROTTLE_SIGNUP", default="300/hour"),  # a championship's door is one address
        "oauth_token": env.str("THROTTLE_OAUTH_TOKEN", default="120/min"),  # apps' exchanges and refreshes
        "erase": env.str("THROTTLE_ERASE", default="10/hour"),
        "stream_open": env.str("THROTTLE_STREAM_OPEN", default="600/min"),  # a venue's phones and screens
        "submission": env.str("THROTTLE_SUBMISSION", default="120/min"),
        "claim": env.str("THROTTLE_CLAIM", default="30/hour"),
        "sheet_check": env.str("THROTTLE_SHEET_CHECK", default="120/min"),
        "event_create": env.str("THROTTLE_EVENT_CREATE", default="20/day"),
        "score_preview": env.str("THROTTLE_SCORE_PREVIEW", default="600/min"),
        "score_preview_anon": env.str("THROTTLE_SCORE_PREVIEW_ANON", default="120/min"),
    }
