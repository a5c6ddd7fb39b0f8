"""A Refcount webhook receiver in Python's standard library: it checks each request's
Standard Webhooks signature before trusting the body.
    WEBHOOK_SECRET=whsec_... PORT=4000 python3 webhook_receiver.py
"""
import base64
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

TOLERANCE_SECONDS = 5 * 60


def verify_webhook(secret, headers, body, now=None):
    """The event, if body (the raw bytes, unparsed) was signed with secret; raises ValueError otherwise."""
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not (msg_id and timestamp and signatures):
        raise ValueError("missing webhook headers")
    # An old timestamp is a replayed request, even with a valid signature.
    if not timestamp.isdigit() or abs((time.time() if now is None else now) - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("timestamp too old or too new")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    digest = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    expected = base64.b64encode(digest).decode()
    # Several signatures while a rotated secret is still valid: any one of them will do.
    for candidate in signatures.split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(body)
    raise ValueError("no valid signature")


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        try:
            event = verify_webhook(os.environ["WEBHOOK_SECRET"], self.headers, body)
            # Deliveries are at least once: skip an event whose id you have already handled.
            print(f"{event['type']} {event['id']}", flush=True)
            self.send_response(204)
        except ValueError as err:
            print(f"rejected: {err}", flush=True)
            self.send_response(400)
        self.end_headers()

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    host = os.environ.get("HOST", "127.0.0.1")
    server = HTTPServer((host, int(os.environ.get("PORT", "4000"))), Receiver)
    print(f"listening on http://{host}:{server.server_address[1]}/", flush=True)
    server.serve_forever()
