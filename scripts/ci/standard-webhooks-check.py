"""The PyPI `standardwebhooks` package as an independent verifier of our Standard Webhooks signature (issue 42).

Run by scripts/fuzz-api.sh against the service it started, before the fuzzer spends the key's quota:

    standard-webhooks-check.py <base_url> <receiver_port>    (the API key in STANDARD_WEBHOOKS_CHECK_KEY)

A receiver on 127.0.0.1:<receiver_port> (the service allows that origin through WEBHOOK_DEV_ALLOWED_ORIGINS) takes
two test sends (POST /watchlist/webhooks/test): with standard_webhooks on, `Webhook(standard_webhooks_secret)
.verify(body, headers)` must accept the delivery as received, and must refuse it with one byte of the body changed
(so this check can fail); with it off, the webhook-* headers must be absent. Exits 1 on any mismatch.
"""

import json
import os
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

STANDARD_HEADERS = ("webhook-id", "webhook-timestamp", "webhook-signature")


class Receiver(BaseHTTPRequestHandler):
    received: list[tuple[bytes, dict[str, str]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Receiver.received.append((body, {name.lower(): value for name, value in self.headers.items()}))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def api(base_url: str, key: str, method: str, path: str, body: object = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base_url + path, data=data, method=method, headers={"X-Api-Key": key, "Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def test_send(base_url: str, key: str, url: str, standard: bool) -> tuple[dict, bytes, dict[str, str]]:
    before = len(Receiver.received)
    answer = api(base_url, key, "POST", "/watchlist/webhooks/test", {"url": url, "standard_webhooks": standard})
    if not answer["delivered"] or len(Receiver.received) != before + 1:
        fail(f"the test send was not delivered once: {answer}")
    body, headers = Receiver.received[-1]
    return answer, body, headers


def fail(message: str) -> None:
    print(f"[standard-webhooks] FAILED: {message}", flush=True)
    sys.exit(1)


def main() -> None:
    base_url, port = sys.argv[1], int(sys.argv[2])
    key = os.environ["STANDARD_WEBHOOKS_CHECK_KEY"]
    started = time.monotonic()
    server = ThreadingHTTPServer(("127.0.0.1", port), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{port}/hooks"
    secret = api(base_url, key, "GET", "/watchlist/webhook-secret")["standard_webhooks_secret"]
    webhook = Webhook(secret)

    answer, body, headers = test_send(base_url, key, url, standard=True)
    try:
        event = webhook.verify(body, headers)
    except WebhookVerificationError as error:
        fail(f"standardwebhooks refused our delivery ({error}): headers {headers}")
    if not (event["id"] == answer["id"] == headers["webhook-id"] == headers["service-event-id"]):
        fail(f"the event ids differ: body {event['id']}, answer {answer['id']}, headers {headers}")
    tampered = body.replace(b'"webhook.test"', b'"webhook.tesT"')
    if tampered == body:
        fail("the body has no type to tamper with")
    try:
        webhook.verify(tampered, headers)
        fail("standardwebhooks accepted a tampered body")
    except WebhookVerificationError:
        pass

    _, _, plain = test_send(base_url, key, url, standard=False)
    if any(name in plain for name in STANDARD_HEADERS) or "service-signature" not in plain:
        fail(f"with standard_webhooks off the headers are {sorted(plain)}")
    server.shutdown()
    print(
        f"[standard-webhooks] standardwebhooks verified {event['id']}, refused it tampered, and found no webhook-* "
        f"headers when off, in {time.monotonic() - started:.1f} s",
        flush=True,
    )


if __name__ == "__main__":
    main()
