# Sourced by scripts/fuzz-api.sh and scripts/ci/mcp-conformance.sh: the service as `npm start` runs it, on free
# loopback ports, in a process group of its own. The sourcing script defines log(), and before start_service sets
# work (a temporary folder for service.log), service_env (the env assignments) and base_url; service_ports, when
# set, are the ports stop_service checks are closed again.

free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

service_group=
service_ports=()

start_service() {
  env "${service_env[@]}" setsid npm start >"$work/service.log" 2>&1 &
  service_pid=$!
  # setsid makes the process the leader of a new group (its id is the group's): wait until it has.
  for _ in $(seq 1 50); do
    [ "$(ps -o pgid= -p "$service_pid" | tr -d ' ')" = "$service_pid" ] && service_group=$service_pid && break
    sleep 0.1
  done
  [ -n "$service_group" ] || { log "the service did not get a process group of its own"; kill "$service_pid"; exit 1; }
  for _ in $(seq 1 240); do
    curl -sf "$base_url/readyz" >/dev/null 2>&1 && break
    kill -0 "$service_pid" 2>/dev/null || { log "the service exited while starting"; exit 1; }
    sleep 1
  done
  curl -sf "$base_url/readyz" >/dev/null || { log "the service was not ready within 240 s"; exit 1; }
}

stop_service() {
  [ -n "$service_group" ] || return 0
  # npm, tsx, node and the Temporal dev server share the process group setsid gave them: stop them all.
  kill -TERM -- "-$service_group" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 -- "-$service_group" 2>/dev/null || break; sleep 1; done
  if kill -0 -- "-$service_group" 2>/dev/null; then
    log "the service did not stop within 30 s of SIGTERM: killing it"
    kill -KILL -- "-$service_group" 2>/dev/null || true
    sleep 1
  fi
  service_group=
  for port in "${service_ports[@]}"; do
    if port_open "$port"; then log "port $port still open after the service stopped" && return 1; fi
  done
}
