"""schemathesis hooks for scripts/fuzz-api.sh (loaded through SCHEMATHESIS_HOOKS).

- Keys: the run's API keys (FUZZ_API_KEYS, comma-separated, all of one plan) take turns, one per request. One
  Starter account may spend 120 requests a minute; a lone key would turn most answers into 429 within seconds and
  leave the handlers behind it untried. 429 stays documented and checked whenever a turn still meets it.
- Loopback only: a test webhook is really sent, and a list's or watched company's address is sent to when the
  company changes. A generated `url` or `webhook_url` that a URL parser could read as an http(s) address is
  dropped before it is sent (random text almost never is one; this makes "never" certain). Every other address
  still meets the address rules (422).
- 501 for a method the API never implements: schemathesis probes methods a path does not have (PUT, TRACE…);
  RFC 9110 (15.6.2) names 501 as the answer to a method the server does not implement, and the edge sends it
  with the error body (`not_implemented`). Such a probe's 501 is not counted as a server error.
- Tally: every answer's status is counted into FUZZ_TALLY_FILE (JSON) for the script's summary line.
"""

import atexit
import collections
import itertools
import json
import os
import re
import threading

import schemathesis

_keys = itertools.cycle([key for key in os.environ.get("FUZZ_API_KEYS", "").split(",") if key])
_lock = threading.Lock()
_statuses: collections.Counter = collections.Counter()


@schemathesis.auth(refresh_interval=None)
class RotatingApiKey:
    def get(self, case, context):
        with _lock:
            return next(_keys)

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "X-Api-Key": data}


# What a WHATWG URL parser (the service's) ignores: C0 controls and space at either end, tabs and newlines anywhere.
_C0_AND_SPACE = "".join(chr(code) for code in range(0x21))


def _could_be_web_address(value) -> bool:
    if not isinstance(value, str):
        return False
    text = re.sub(r"[\t\n\r]", "", value).strip(_C0_AND_SPACE).lower()
    return text.startswith(("http:", "https:"))


@schemathesis.hook
def filter_body(context, body):
    # Webhook addresses: sent to at once (the test webhook) or when a watched company changes.
    if not isinstance(body, dict):
        return True
    return not any(_could_be_web_address(body.get(field)) for field in ("url", "webhook_url"))


@schemathesis.hook
def filter_failure(context, failure, case, response):
    # A probe with a method the operation does not have, which the edge answers 501 not_implemented.
    probe = case.method.upper() != case.operation.method.upper()
    return not (probe and response.status_code == 501 and _error_code(response) == "not_implemented")


def _error_code(response):
    try:
        return response.json().get("error", {}).get("code")
    except Exception:
        return None


@schemathesis.hook
def after_call(context, case, response):
    with _lock:
        _statuses[response.status_code] += 1


@atexit.register
def _write_tally():
    path = os.environ.get("FUZZ_TALLY_FILE")
    if path:
        with open(path, "w", encoding="utf-8") as file:
            json.dump({str(status): count for status, count in sorted(_statuses.items())}, file)
