# What follows is the same for every arm: how the arm's users send, start together, stop after the
# arm's count, and report each worker's own figures to the master.
#
# Locust has no stop after a number of requests and starts its users one after another. So the
# users wait for a start signal that the master sends once every worker has reported its users
# spawned, and for an arm that counts requests the master hands each worker a share of REQUESTS in
# proportion to the users it reported; a worker stops its users once its share is answered. Locust's
# own spawning_complete on the master does not wait for those reports (it gives up after
# LOCUST_WAIT_FOR_WORKERS_REPORT_AFTER_RAMP_UP, 1 s by default), so a worker slow to report on a busy
# machine would count as having no users: its share 0, the others' the whole count, or a duration
# measured before its users exist. The master waits for the reports itself. For an arm that runs for
# a duration the master tells every worker to stop that long after the start signal. A worker that is done sends
# its statistics at once, then says so; the master quits once every worker is done, so that Locust's
# totals hold every request (its own quit waits only half a second for the workers' last reports).
# Each worker counts its own requests, failures, time and CPU from the start signal and sends them
# to the master with its statistics; the master writes them to LOOMLAB_SUMMARY.

import base64
import json
import os
import random
import socket
import time

import gevent
from gevent.event import Event
from locust import FastHttpUser, constant, events, task
from locust.exception import StopUser
from locust.runners import MasterRunner, WorkerRunner

# How long the master waits for every worker to report done before it quits anyway.
DONE_LIMIT_S = 30.0
# How long the master waits for the workers to report all of the arm's users spawned (a spawn takes
# milliseconds); past it, the arm does not start, and the lab reports the master's log. Below the
# margin Locust's own time limit leaves past the arm's duration (LocustCommands.RUN_TIME_MARGIN), so
# that limit never cuts a late start's window short.
SPAWN_LIMIT_S = 20.0

WORKER_NAME = os.environ.get("LOOMLAB_WORKER", socket.gethostname())
SUMMARY = os.environ.get("LOOMLAB_SUMMARY")


def cpu_seconds():
    times = os.times()
    return times.user + times.system


class WorkerShare:
    """This worker's part of the arm: its quota (None: no count), its figures since the start signal."""

    def __init__(self):
        self.started = Event()
        self.quota = None
        self.tickets = 0
        self.requests = 0
        self.failures = 0
        self.started_at = None
        self.cpu_at_start = None
        self.ended_at = None
        self.cpu_at_end = None
        self.done_sent = False
        self.reported = False

    def take_ticket(self):
        if self.quota is not None and self.tickets >= self.quota:
            return False
        self.tickets += 1
        return True

    def figures(self):
        end = self.ended_at if self.ended_at is not None else time.monotonic()
        cpu_end = self.cpu_at_end if self.cpu_at_end is not None else cpu_seconds()
        return {
            "name": WORKER_NAME,
            "host": socket.gethostname(),
            "requests": self.requests,
            "failures": self.failures,
            "window_s": 0.0 if self.started_at is None else end - self.started_at,
            "cpu_s": 0.0 if self.cpu_at_start is None else cpu_end - self.cpu_at_start,
        }

    def end(self):
        if self.ended_at is None and self.started_at is not None:
            self.ended_at = time.monotonic()
            self.cpu_at_end = cpu_seconds()


SHARE = WorkerShare()


class MasterBook:
    """The master's view: which workers joined, their latest figures, when the arm started."""

    def __init__(self):
        self.joined = {}
        self.figures = {}
        self.done = set()
        self.quotas = {}
        self.starting = False
        self.started_at = None
        self.cpu_at_start = None
        self.ended_at = None
        self.cpu_at_end = None
        self.quitting = False


BOOK = MasterBook()


def split(total, users_by_worker):
    """total in whole shares proportional to each worker's users, largest remainders first; sums to total."""
    users = sum(users_by_worker.values())
    if users == 0:
        users_by_worker = {worker: 1 for worker in users_by_worker}
        users = len(users_by_worker)
    exact = {worker: total * count / users for worker, count in users_by_worker.items()}
    shares = {worker: int(value) for worker, value in exact.items()}
    left = total - sum(shares.values())
    for worker in sorted(exact, key=lambda w: (shares[w] - exact[w], w))[:left]:
        shares[worker] += 1
    return shares


@events.init.add_listener
def on_init(environment, **kwargs):
    runner = environment.runner
    # After the runner's own listener, which the runner added when it was made (after this file was
    # read): Locust's statistics then hold a request before this worker counts it, so the statistics a
    # worker sends as it reports done hold its last request too, not only the report it sends when the
    # master quits, for which the master waits half a second (on a busy machine, in vain: a count of 40
    # was once read as 38).
    environment.events.request.add_listener(on_request)
    if isinstance(runner, MasterRunner):
        runner.register_message("loomlab_joined", on_joined)
        runner.register_message("loomlab_done", on_done)
    elif isinstance(runner, WorkerRunner):
        runner.register_message("loomlab_start", on_start)
        runner.register_message("loomlab_stop", on_stop)
        runner.send_message("loomlab_joined", {"name": WORKER_NAME, "host": socket.gethostname()})


def on_joined(environment, msg, **kwargs):
    BOOK.joined[msg.node_id] = msg.data
    print("loomlab: worker %s (host %s) joined as %s" % (msg.data["name"], msg.data["host"], msg.node_id),
          flush=True)


def on_done(environment, msg, **kwargs):
    BOOK.figures[msg.node_id] = msg.data
    BOOK.done.add(msg.node_id)
    if all(worker in BOOK.done for worker in BOOK.quotas):
        print("loomlab: every worker is done" + (" with its share of %d requests" % REQUESTS if REQUESTS else ""),
              flush=True)
        quit_master(environment.runner)


def quit_master(runner):
    if BOOK.quitting:
        return
    BOOK.quitting = True
    if BOOK.ended_at is None:
        BOOK.ended_at = time.monotonic()
        BOOK.cpu_at_end = cpu_seconds()
    gevent.spawn(runner.quit)


def quit_anyway(runner):
    missing = sorted(set(BOOK.quotas) - BOOK.done)
    if missing and not BOOK.quitting:
        print("loomlab: %d worker(s) not done within %.0f s: %s" % (len(missing), DONE_LIMIT_S, ", ".join(
            BOOK.joined.get(worker, {}).get("name", worker) for worker in missing)), flush=True)
        quit_master(runner)


@events.spawning_complete.add_listener
def on_spawning_complete(user_count, **kwargs):
    runner = ENVIRONMENT.runner
    if not isinstance(runner, MasterRunner) or BOOK.starting:
        return
    BOOK.starting = True
    gevent.spawn(start_once_spawned, runner, user_count)


def reported_users(runner):
    """Each worker's users as it last reported them (its spawning_complete, or its stats every few seconds)."""
    return {client.id: sum(client.user_classes_count.values()) for client in runner.clients.all}


def start_once_spawned(runner, user_count):
    deadline = time.monotonic() + SPAWN_LIMIT_S
    users = reported_users(runner)
    while sum(users.values()) < user_count:
        if time.monotonic() > deadline:
            print("loomlab: the workers reported %d of %d users spawned within %.0f s; the arm is not started"
                  % (sum(users.values()), user_count, SPAWN_LIMIT_S), flush=True)
            quit_master(runner)
            return
        gevent.sleep(0.05)
        users = reported_users(runner)
    start(runner, users, user_count)


def start(runner, users, user_count):
    BOOK.quotas = split(REQUESTS, users) if REQUESTS else {worker: None for worker in users}
    BOOK.started_at = time.monotonic()
    BOOK.cpu_at_start = cpu_seconds()
    for worker, quota in BOOK.quotas.items():
        runner.send_message("loomlab_start", {"quota": quota}, client_id=worker)
    print("loomlab: start signal sent to %d workers with %d users; shares %s"
          % (len(users), user_count, json.dumps(BOOK.quotas, sort_keys=True)), flush=True)
    if DURATION_S:
        gevent.spawn_later(DURATION_S, stop_after_duration, runner)


def stop_after_duration(runner):
    BOOK.ended_at = time.monotonic()
    BOOK.cpu_at_end = cpu_seconds()
    print("loomlab: %.3f s measured, stopping the workers" % DURATION_S, flush=True)
    for worker in BOOK.quotas:
        runner.send_message("loomlab_stop", None, client_id=worker)
    gevent.spawn_later(DONE_LIMIT_S, quit_anyway, runner)


def on_start(environment, msg, **kwargs):
    SHARE.quota = msg.data["quota"]
    SHARE.started_at = time.monotonic()
    SHARE.cpu_at_start = cpu_seconds()
    SHARE.started.set()
    if SHARE.quota == 0:
        report_done(environment)


def on_stop(environment, msg, **kwargs):
    # Users first, so that no request ends after this worker's count is taken.
    environment.runner.stop()
    report_done(environment)


def report_done(environment):
    SHARE.end()
    if not SHARE.done_sent:
        SHARE.done_sent = True
        # Locust 2.47's own report (every 3 s otherwise): the master's totals get this worker's last
        # requests before it hears that the worker is done.
        environment.runner._send_stats()
        environment.runner.send_message("loomlab_done", SHARE.figures())


def on_request(exception=None, **kwargs):
    if SHARE.started_at is None or SHARE.ended_at is not None:
        return
    SHARE.requests += 1
    if exception is not None:
        SHARE.failures += 1
    if SHARE.quota is not None and SHARE.requests >= SHARE.quota:
        report_done(ENVIRONMENT)


@events.test_stop.add_listener
def on_test_stop(environment, **kwargs):
    if isinstance(environment.runner, WorkerRunner) and not SHARE.reported:
        SHARE.end()
        SHARE.reported = True
        print("loomlab-worker: %s" % json.dumps(SHARE.figures(), sort_keys=True), flush=True)


@events.report_to_master.add_listener
def on_report_to_master(client_id, data, **kwargs):
    data["loomlab"] = SHARE.figures()


@events.worker_report.add_listener
def on_worker_report(client_id, data, **kwargs):
    if "loomlab" in data and client_id not in BOOK.done:
        BOOK.figures[client_id] = data["loomlab"]


@events.quitting.add_listener
def on_quitting(environment, **kwargs):
    if not isinstance(environment.runner, MasterRunner) or not SUMMARY:
        return
    if BOOK.started_at is not None and BOOK.ended_at is None:
        BOOK.ended_at = time.monotonic()
        BOOK.cpu_at_end = cpu_seconds()
    summary = {
        "requests_planned": REQUESTS,
        "duration_planned_s": DURATION_S,
        "started": BOOK.started_at is not None,
        "master": {
            "window_s": None if BOOK.started_at is None else BOOK.ended_at - BOOK.started_at,
            "cpu_s": None if BOOK.started_at is None else BOOK.cpu_at_end - BOOK.cpu_at_start,
        },
        "workers": [dict(BOOK.figures.get(worker, {}), client_id=worker, joined=BOOK.joined.get(worker),
                         share=BOOK.quotas.get(worker)) for worker in sorted(set(BOOK.joined) | set(BOOK.quotas))],
    }
    partial = SUMMARY + ".partial"
    with open(partial, "w", encoding="utf-8") as out:
        json.dump(summary, out, indent=2, sort_keys=True)
    os.replace(partial, SUMMARY)


ENVIRONMENT = None

# Each distinct body decoded once, not per request.
BODIES = {body: base64.b64decode(body) for _, _, _, body in MIX}


@events.init.add_listener
def remember_environment(environment, **kwargs):
    global ENVIRONMENT
    ENVIRONMENT = environment


class ArmUser(FastHttpUser):
    """One of the arm's closed-model users: one request at a time, each sent when the last was answered."""

    wait_time = constant(PAUSE_S if PAUSE_MODEL == "fixed_after_answer" else 0)
    network_timeout = TIMEOUT_S
    connection_timeout = TIMEOUT_S

    @task
    def request(self):
        SHARE.started.wait()
        if not SHARE.take_ticket():
            raise StopUser()
        if PAUSE_MODEL == "uniform_before_request" and PAUSE_S > 0:
            gevent.sleep(random.uniform(0, PAUSE_S))
        method, path, headers, body = MIX[0] if len(MIX) == 1 else random.choices(MIX, weights=WEIGHTS)[0]
        # As the lab's generator sends it: no redirect followed (a 3xx is the answer), a body framed by its
        # length whenever the method carries one. The client adds Accept-Encoding and User-Agent of its own.
        self.client.request(method, path, headers=dict(headers) if headers else None,
                            data=BODIES[body] if body or method in ("POST", "PUT", "PATCH") else None,
                            allow_redirects=False)
