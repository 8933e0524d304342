"""Log filters for the console."""

import logging


class RefusalsWithoutTraceback(logging.Filter):
    """A refused request (403: not allowed) is the service doing its job: logged on one line, without the
    traceback Django attaches to it, so real faults stand out."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info, record.exc_text = None, None
        return True
