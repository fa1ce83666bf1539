# `workerd test workerd.capnp`, with BASE_URL and API_KEY in the environment.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "conformance", worker = .conformance),
    # workerd's default outbound reaches public addresses only; the mock server
    # listens on loopback, so fetches go through a network that allows "local"
    # and nothing else.
    (name = "loopback", network = (allow = ["local"])),
  ],
);

const conformance :Workerd.Worker = (
  modules = [
    (name = "workerd.mjs", esModule = embed "workerd.mjs"),
    (name = "conformance.js", esModule = embed "conformance.js"),
  ],
  # The newest date the pinned workerd knows: what a new Worker gets. No
  # nodejs_compat: the SDK needs no Node.js APIs.
  compatibilityDate = "2026-11-17",
  bindings = [
    (name = "BASE_URL", fromEnvironment = "BASE_URL"),
    (name = "API_KEY", fromEnvironment = "API_KEY"),
  ],
  globalOutbound = "loopback",
);
