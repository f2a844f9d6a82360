#!/usr/bin/env bash
# Test infrastructure for machines without a Docker engine: PostgreSQL 15, Redis 7, a
# single-node Apache Kafka 4 broker (KRaft) and Mailpit (the mail catcher the BFF's password reset
# mails go to) as plain processes on 127.0.0.1. All data, logs and pid files live under
# <repo>/.infra/. See deploy/local/README.md.
#
# Usage: bash deploy/local/infra.sh up|down|status|env
#        bash deploy/local/infra.sh kafka-topics --list      (Kafka's TopicCommand)
#        bash deploy/local/infra.sh kafka-start|kafka-stop|kafka-restart   (the broker alone)
# Ports: MKT_PG_PORT (55432), MKT_REDIS_PORT (56379), MKT_KAFKA_PORT (59092),
#        MKT_KAFKA_CONTROLLER_PORT (MKT_KAFKA_PORT + 1), MKT_KAFKA_ADVERTISED_PORT (MKT_KAFKA_PORT:
#        where the broker tells clients to connect; a test puts a relay of its own there),
#        MKT_SMTP_PORT (51025) and
#        MKT_MAILPIT_PORT (58025: Mailpit's web page and API).
# Mailpit: MKT_MAILPIT_BIN, else `mailpit` on the PATH, else $(go env GOPATH)/bin/mailpit
#        (install: go install github.com/axllent/mailpit@v1.33.1).
# MKT_KAFKA_DIR (<repo>/.infra/kafka): the broker's jars, data, logs and pid file. A second broker
# of one checkout (the checkout benchmark's, a test's) needs a directory of its own, or the kafka-*
# commands would find and stop the first one by its pid file; MKT_KAFKA_LIBS (MKT_KAFKA_DIR/libs)
# lets it use the first one's jars rather than download them again.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$SCRIPT_DIR/../.." && pwd)
INFRA_DIR=$REPO_ROOT/.infra
HOST=127.0.0.1

PG_PORT=${MKT_PG_PORT:-55432}
REDIS_PORT=${MKT_REDIS_PORT:-56379}
KAFKA_PORT=${MKT_KAFKA_PORT:-59092}
SMTP_PORT=${MKT_SMTP_PORT:-51025}
MAILPIT_PORT=${MKT_MAILPIT_PORT:-58025}
MAILPIT_DIR=$INFRA_DIR/mailpit
MAILPIT_PIDFILE=$MAILPIT_DIR/mailpit.pid
KAFKA_CONTROLLER_PORT=${MKT_KAFKA_CONTROLLER_PORT:-$((KAFKA_PORT + 1))}
KAFKA_ADVERTISED_PORT=${MKT_KAFKA_ADVERTISED_PORT:-$KAFKA_PORT}

PG_BIN=${MKT_PG_BIN:-/usr/lib/postgresql/15/bin}
PG_DIR=$INFRA_DIR/postgres
PG_DATA=$PG_DIR/data
PG_INIT_SQL=$REPO_ROOT/deploy/docker/postgres-init.sql

REDIS_DIR=$INFRA_DIR/redis
REDIS_PIDFILE=$REDIS_DIR/redis.pid

KAFKA_DIR=${MKT_KAFKA_DIR:-$INFRA_DIR/kafka}
KAFKA_LIBS=${MKT_KAFKA_LIBS:-$KAFKA_DIR/libs}
KAFKA_DATA=$KAFKA_DIR/data
KAFKA_LOGS=$KAFKA_DIR/log
KAFKA_CONFIG=$KAFKA_DIR/server.properties
KAFKA_PIDFILE=$KAFKA_DIR/kafka.pid
KAFKA_POM=$SCRIPT_DIR/kafka/pom.xml
KAFKA_HEAP=${MKT_KAFKA_HEAP:-1g}

READY_TIMEOUT=${MKT_INFRA_TIMEOUT:-120}

# ---------------------------------------------------------------------------- helpers

say() { local who=$1; shift; printf '[%s] %s\n' "$who" "$*"; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

# pid files survive the machine's session while processes do not, and pids get recycled:
# a pid only counts if it still belongs to the expected program.
pid_is() { ps -o args= -p "$1" 2>/dev/null | grep -qF -- "$2"; }

# Runs each function in its own subshell at the same time; fails if any of them failed.
run_parallel() {
  local fn pid rc=0
  local -a pids=()
  for fn in "$@"; do
    "$fn" &
    pids+=("$!")
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || rc=1
  done
  return "$rc"
}

# Serialises `up`/`down` when several engineers (or test runners) call the script at once.
# Servers are started with fd 9 closed, or they would hold the lock for their whole life.
# A broker in a directory of its own (MKT_KAFKA_DIR) takes a lock of its own.
take_lock() {
  local dir=${1:-$INFRA_DIR}
  mkdir -p "$dir"
  command -v flock >/dev/null || return 0
  exec 9>"$dir/.lock"
  flock 9
}

APT_UPDATED=0
apt_install() {
  local why=$1; shift
  command -v apt-get >/dev/null ||
    die "$why is not installed and apt-get is not available: install the packages '$*' yourself."
  [[ $EUID -eq 0 ]] ||
    die "$why is not installed: run 'sudo apt-get install -y $*' (installing needs root)."
  if ((APT_UPDATED == 0)); then
    say infra "apt-get update"
    apt-get update -qq
    APT_UPDATED=1
  fi
  say infra "apt-get install -y $* ($why)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_prerequisites() {
  [[ -x $PG_BIN/pg_ctl ]] || apt_install "PostgreSQL 15 ($PG_BIN)" postgresql
  [[ -x $PG_BIN/pg_ctl ]] ||
    die "PostgreSQL 15 server binaries are still missing under $PG_BIN (set MKT_PG_BIN to their directory)."
  if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
    apt_install "Redis (redis-server)" redis-server
  fi
  command -v java >/dev/null ||
    die "Java 17+ is required for Kafka and 'java' is not on PATH (Debian: apt-get install -y openjdk-17-jre-headless)."
  local java_major
  java_major=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)
  [[ ${java_major:-0} -ge 17 ]] ||
    die "Kafka 4 needs Java 17 or newer; 'java' is version ${java_major:-unknown}."
  if ! kafka_jars_current && ! command -v mvn >/dev/null; then
    die "Maven ('mvn') is required once to download the Kafka jars (Debian: apt-get install -y maven)."
  fi
}

# -------------------------------------------------------------------------- postgres

# initdb/pg_ctl refuse to run as root.
as_pg() {
  if [[ $EUID -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_pid() {
  local pid
  pid=$(head -n1 "$PG_DATA/postmaster.pid" 2>/dev/null) || return 1
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && pid_is "$pid" "$PG_DATA" || return 1
  echo "$pid"
}

# postgres refuses to start while postmaster.pid or its socket lock file names a live
# process, even an unrelated one. Only called when our postmaster is not running.
pg_remove_stale_lock_files() {
  if [[ -f $PG_DATA/postmaster.pid ]]; then
    say postgres "removing stale $PG_DATA/postmaster.pid"
    rm -f "$PG_DATA/postmaster.pid"
  fi
  rm -f "$PG_DIR"/run/.s.PGSQL.*
}

pg_ready() { "$PG_BIN/pg_isready" -q -h "$HOST" -p "$PG_PORT" -U postgres; }

pg_write_config() {
  cat >"$PG_DATA/infra.conf" <<EOF
# Written by deploy/local/infra.sh on every 'up'; tuned for tests, not for durability.
listen_addresses = '$HOST'
port = $PG_PORT
unix_socket_directories = '$PG_DIR/run'
max_connections = 300
shared_buffers = 64MB
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
checkpoint_timeout = 30min
max_wal_size = 1GB
EOF
  [[ $EUID -ne 0 ]] || chown postgres:postgres "$PG_DATA/infra.conf"
}

pg_init() {
  mkdir -p "$PG_DATA" "$PG_DIR/run" "$PG_DIR/log"
  [[ $EUID -ne 0 ]] || chown -R postgres:postgres "$PG_DIR"
  chmod 700 "$PG_DATA"
  [[ -f $PG_DATA/PG_VERSION ]] && return 0
  local locale=C
  locale -a 2>/dev/null | grep -qix 'c.utf-\?8' && locale=C.UTF-8
  say postgres "initdb $PG_DATA"
  as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust --encoding=UTF8 \
    --locale="$locale" >"$PG_DIR/log/initdb.log" 2>&1 ||
    die "initdb failed, see $PG_DIR/log/initdb.log"
  echo "include_if_exists = 'infra.conf'" >>"$PG_DATA/postgresql.conf"
  touch "$PG_DIR/.create-databases"
}

# Same databases as the docker-compose postgres service, created once after initdb.
pg_create_databases() {
  [[ -f $PG_DIR/.create-databases && -f $PG_INIT_SQL ]] || return 0
  "$PG_BIN/psql" -q -v ON_ERROR_STOP=1 -h "$HOST" -p "$PG_PORT" -U postgres -d postgres \
    -f "$PG_INIT_SQL" >/dev/null || die "creating the databases of $PG_INIT_SQL failed"
  rm -f "$PG_DIR/.create-databases"
}

pg_up() {
  local t0 pid
  t0=$(now)
  if pid=$(pg_pid); then
    say postgres "already running (pid $pid)"
  else
    ! port_open "$PG_PORT" || die "port $PG_PORT is in use by another process (set MKT_PG_PORT)"
    pg_init
    pg_remove_stale_lock_files
    pg_write_config
    as_pg "$PG_BIN/pg_ctl" start -D "$PG_DATA" -l "$PG_DIR/log/postgres.log" -w -t "$READY_TIMEOUT" -s 9>&- ||
      die "PostgreSQL did not start, see $PG_DIR/log/postgres.log"
  fi
  wait_until "postgres" pg_ready
  pg_create_databases
  say postgres "ready on $HOST:$PG_PORT (pid $(pg_pid), $(since "$t0"))"
}

pg_down() {
  pg_pid >/dev/null || { say postgres "not running"; return 0; }
  as_pg "$PG_BIN/pg_ctl" stop -D "$PG_DATA" -m fast -w -s
  say postgres "stopped"
}

# ----------------------------------------------------------------------------- redis

redis_cli() { redis-cli -h "$HOST" -p "$REDIS_PORT" "$@"; }
redis_ready() { [[ $(redis_cli ping 2>/dev/null) == PONG ]]; }

redis_pid() {
  local pid
  pid=$(cat "$REDIS_PIDFILE" 2>/dev/null) || return 1
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && pid_is "$pid" redis-server || return 1
  echo "$pid"
}

redis_up() {
  local t0 pid
  t0=$(now)
  if pid=$(redis_pid); then
    say redis "already running (pid $pid)"
  else
    ! port_open "$REDIS_PORT" || die "port $REDIS_PORT is in use by another process (set MKT_REDIS_PORT)"
    mkdir -p "$REDIS_DIR"
    redis-server --bind "$HOST" --port "$REDIS_PORT" --save '' --appendonly no \
      --daemonize yes --pidfile "$REDIS_PIDFILE" --logfile "$REDIS_DIR/redis.log" --dir "$REDIS_DIR" 9>&- ||
      die "redis-server did not start, see $REDIS_DIR/redis.log"
  fi
  wait_until "redis" redis_ready
  say redis "ready on $HOST:$REDIS_PORT (pid $(redis_pid), $(since "$t0"))"
}

redis_down() {
  local pid
  pid=$(redis_pid) || { say redis "not running"; return 0; }
  redis_cli shutdown nosave >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
  wait_for_exit redis "$pid" 30
  rm -f "$REDIS_PIDFILE"
  say redis "stopped"
}

# --------------------------------------------------------------------------- mailpit

mailpit_bin() {
  if [[ -n ${MKT_MAILPIT_BIN:-} ]]; then echo "$MKT_MAILPIT_BIN"; return; fi
  command -v mailpit 2>/dev/null && return
  local gobin
  gobin="$(go env GOPATH 2>/dev/null)/bin/mailpit"
  [[ -x $gobin ]] && echo "$gobin"
}

mailpit_pid() {
  local pid
  pid=$(cat "$MAILPIT_PIDFILE" 2>/dev/null) || return 1
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && pid_is "$pid" mailpit || return 1
  echo "$pid"
}

mailpit_ready() { curl -fs "http://$HOST:$MAILPIT_PORT/api/v1/info" >/dev/null 2>&1; }

mailpit_up() {
  local t0 pid bin
  t0=$(now)
  if pid=$(mailpit_pid); then
    say mailpit "already running (pid $pid)"
  else
    bin=$(mailpit_bin) || true
    [[ -n $bin ]] || die "mailpit is not installed: go install github.com/axllent/mailpit@v1.33.1"
    ! port_open "$SMTP_PORT" || die "port $SMTP_PORT is in use by another process (set MKT_SMTP_PORT)"
    mkdir -p "$MAILPIT_DIR"
    nohup "$bin" --smtp "$HOST:$SMTP_PORT" --listen "$HOST:$MAILPIT_PORT" \
      --smtp-auth-accept-any --smtp-auth-allow-insecure \
      >"$MAILPIT_DIR/mailpit.log" 2>&1 9>&- &
    echo $! >"$MAILPIT_PIDFILE"
  fi
  wait_until "mailpit" mailpit_ready
  say mailpit "ready: SMTP on $HOST:$SMTP_PORT, web page and API on http://$HOST:$MAILPIT_PORT (pid $(mailpit_pid), $(since "$t0"))"
}

mailpit_down() {
  local pid
  pid=$(mailpit_pid) || { say mailpit "not running"; return 0; }
  kill "$pid" 2>/dev/null || true
  wait_for_exit mailpit "$pid" 30
  rm -f "$MAILPIT_PIDFILE"
  say mailpit "stopped"
}

# ----------------------------------------------------------------------------- kafka

kafka_pom_hash() { sha256sum "$KAFKA_POM" | cut -d' ' -f1; }
kafka_jars_current() { [[ -f $KAFKA_LIBS/.pom-sha256 && $(cat "$KAFKA_LIBS/.pom-sha256") == "$(kafka_pom_hash)" ]]; }

# Downloads the broker jars once (Maven keeps them in ~/.m2 too); refreshed when pom.xml changes.
kafka_fetch_jars() {
  kafka_jars_current && return 0
  local t0
  t0=$(now)
  say kafka "downloading Kafka jars with Maven ($KAFKA_POM)"
  rm -rf "$KAFKA_LIBS.tmp"
  mkdir -p "$KAFKA_DIR"
  # Output goes to a file: Maven 3.8 prints terminal colour codes even with -q -B.
  if ! mvn -q -B -f "$KAFKA_POM" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$KAFKA_LIBS.tmp" >"$KAFKA_DIR/maven.log" 2>&1; then
    tail -n 30 "$KAFKA_DIR/maven.log" >&2
    die "Maven could not download the Kafka jars (is Maven Central reachable?), see $KAFKA_DIR/maven.log"
  fi
  rm -rf "$KAFKA_LIBS"
  mv "$KAFKA_LIBS.tmp" "$KAFKA_LIBS"
  kafka_pom_hash >"$KAFKA_LIBS/.pom-sha256"
  say kafka "jars ready ($(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars, $(du -sh "$KAFKA_LIBS" | cut -f1), $(since "$t0"))"
}

kafka_java() {
  java -Djava.awt.headless=true -cp "$KAFKA_LIBS/*" "$@"
}

# The storage tool moved from Scala (kafka.tools) to Java (org.apache.kafka.tools) across
# releases; zip central directories store entry names uncompressed, so grep finds the class.
kafka_storage_tool_class() {
  if grep -qs 'org/apache/kafka/tools/StorageTool.class' "$KAFKA_LIBS"/*.jar; then
    echo org.apache.kafka.tools.StorageTool
  else
    echo kafka.tools.StorageTool
  fi
}

kafka_write_config() {
  cat >"$KAFKA_CONFIG" <<EOF
# Written by deploy/local/infra.sh on every 'up': single-node KRaft broker for tests.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KAFKA_PORT,CONTROLLER://$HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$KAFKA_ADVERTISED_PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
delete.topic.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=3
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=4
log.retention.hours=24
EOF
}

# KRaft needs its storage formatted once with a cluster id.
kafka_format() {
  [[ -f $KAFKA_DATA/meta.properties ]] && return 0
  local cluster_id
  # Base64url of 16 random bytes, like Kafka's Uuid; a leading '-' would read as a CLI option.
  cluster_id=-
  while [[ $cluster_id == -* ]]; do
    cluster_id=$(head -c16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')
  done
  say kafka "formatting storage $KAFKA_DATA (cluster id $cluster_id)"
  kafka_java -Dlog4j2.configurationFile="$SCRIPT_DIR/kafka/log4j2-tools.xml" \
    "$(kafka_storage_tool_class)" format -t "$cluster_id" -c "$KAFKA_CONFIG" >"$KAFKA_LOGS/format.log" 2>&1 ||
    die "Kafka storage format failed, see $KAFKA_LOGS/format.log"
}

kafka_pid() {
  local pid
  pid=$(cat "$KAFKA_PIDFILE" 2>/dev/null) || return 1
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && pid_is "$pid" kafka.Kafka || return 1
  echo "$pid"
}

kafka_port_open() { port_open "$KAFKA_PORT"; }

# The broker logs this line once it is registered with its controller and unfenced.
kafka_started() {
  kafka_port_open && grep -qs 'Kafka Server started' "$KAFKA_LOGS/server.log"
}

kafka_start() {
  mkdir -p "$KAFKA_DATA" "$KAFKA_LOGS"
  kafka_write_config
  kafka_format
  # A fresh server.log, so the readiness check cannot see a previous run's "started" line.
  [[ ! -f $KAFKA_LOGS/server.log ]] || mv -f "$KAFKA_LOGS/server.log" "$KAFKA_LOGS/server.log.prev"
  rm -f "$KAFKA_PIDFILE"
  # setsid: the broker must survive Ctrl-C in the terminal that ran `npm run infra:up`.
  # exec keeps the pid written by the inner shell equal to the JVM's pid.
  # shellcheck disable=SC2016 # $$, $0 and $@ belong to the inner shell
  setsid bash -c 'echo $$ >"$0"; exec "$@"' "$KAFKA_PIDFILE" \
    java -Xms128m -Xmx"$KAFKA_HEAP" -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    -Dkafka.logs.dir="$KAFKA_LOGS" -Dlog4j2.configurationFile="$SCRIPT_DIR/kafka/log4j2.xml" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$KAFKA_CONFIG" \
    </dev/null >"$KAFKA_LOGS/kafka.out" 2>&1 9>&- &
  local _
  for _ in {1..50}; do
    [[ -s $KAFKA_PIDFILE ]] && return 0
    sleep 0.1
  done
  die "Kafka did not start, see $KAFKA_LOGS/kafka.out"
}

kafka_up() {
  local t0 pid
  t0=$(now)
  if pid=$(kafka_pid); then
    # Not the log line: a long-running broker may have rolled it out of server.log.
    say kafka "already running (pid $pid)"
    wait_until kafka kafka_port_open
  else
    ! port_open "$KAFKA_PORT" || die "port $KAFKA_PORT is in use by another process (set MKT_KAFKA_PORT)"
    ! port_open "$KAFKA_CONTROLLER_PORT" ||
      die "port $KAFKA_CONTROLLER_PORT is in use by another process (set MKT_KAFKA_CONTROLLER_PORT)"
    kafka_fetch_jars
    kafka_start
    wait_until kafka kafka_started_or_dead
  fi
  say kafka "ready on $HOST:$KAFKA_PORT (pid $(kafka_pid), $(since "$t0"))"
}

kafka_started_or_dead() {
  kafka_pid >/dev/null || {
    tail -n 20 "$KAFKA_LOGS/kafka.out" "$KAFKA_LOGS/server.log" >&2 2>/dev/null || true
    die "Kafka exited during startup, see $KAFKA_LOGS/server.log and kafka.out"
  }
  kafka_started
}

kafka_down() {
  local pid
  pid=$(kafka_pid) || { say kafka "not running"; return 0; }
  kill "$pid"
  wait_for_exit kafka "$pid" 60
  rm -f "$KAFKA_PIDFILE"
  say kafka "stopped"
}

kafka_topics() {
  kafka_jars_current || die "Kafka jars are not downloaded yet: run 'bash deploy/local/infra.sh up' first"
  kafka_java -Dlog4j2.configurationFile="$SCRIPT_DIR/kafka/log4j2-tools.xml" \
    org.apache.kafka.tools.TopicCommand --bootstrap-server "$HOST:$KAFKA_PORT" "$@"
}

# ---------------------------------------------------------------------------- waiting

wait_until() {
  local who=$1 check=$2 deadline=$((SECONDS + READY_TIMEOUT))
  until "$check"; do
    ((SECONDS < deadline)) || die "$who did not become ready within ${READY_TIMEOUT}s (logs under $INFRA_DIR/$who)"
    sleep 0.2
  done
}

wait_for_exit() {
  local who=$1 pid=$2 timeout=$3 deadline=$((SECONDS + $3))
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      say "$who" "still running after ${timeout}s, sending SIGKILL to $pid"
      kill -9 "$pid" 2>/dev/null || true
      return 0
    fi
    sleep 0.2
  done
}

# --------------------------------------------------------------------------- commands

ports_in_use() { echo "postgres=$PG_PORT redis=$REDIS_PORT kafka=$KAFKA_PORT/$KAFKA_CONTROLLER_PORT"; }

# A running server keeps its port: starting "again" on other ports would wait forever.
check_ports_unchanged() {
  local recorded
  recorded=$(cat "$INFRA_DIR/ports" 2>/dev/null) || return 0
  [[ $recorded != "$(ports_in_use)" ]] || return 0
  if pg_pid >/dev/null || redis_pid >/dev/null || kafka_pid >/dev/null; then
    die "servers are running with ports ($recorded), not ($(ports_in_use)): run 'infra.sh down' first"
  fi
}

print_env() {
  echo "export MKT_TEST_DATABASE_URL=postgresql://postgres@$HOST:$PG_PORT/postgres"
  echo "export MKT_TEST_REDIS_URL=redis://$HOST:$REDIS_PORT"
  echo "export MKT_TEST_KAFKA_BROKERS=$HOST:$KAFKA_PORT"
  echo "export MKT_TEST_SMTP_URL=smtp://$HOST:$SMTP_PORT"
  echo "export MKT_TEST_MAILPIT_URL=http://$HOST:$MAILPIT_PORT"
}

cmd_up() {
  local t0
  t0=$(now)
  take_lock
  ensure_prerequisites
  check_ports_unchanged
  ports_in_use >"$INFRA_DIR/ports"
  run_parallel pg_up redis_up kafka_up mailpit_up || die "some servers did not start (see messages above)"
  say infra "all servers ready in $(since "$t0"). Connection settings (eval \"\$(bash deploy/local/infra.sh env)\"):"
  print_env
}

cmd_down() {
  take_lock
  run_parallel pg_down redis_down kafka_down mailpit_down
}

kafka_lock_dir() { if [[ -n ${MKT_KAFKA_DIR:-} ]]; then echo "$KAFKA_DIR"; else echo "$INFRA_DIR"; fi; }

# The broker alone: what the checkout benchmark uses for its own broker and to restart it mid-run.
cmd_kafka_start() {
  take_lock "$(kafka_lock_dir)"
  kafka_up
}

cmd_kafka_stop() {
  take_lock "$(kafka_lock_dir)"
  kafka_down
}

cmd_kafka_restart() {
  take_lock "$(kafka_lock_dir)"
  kafka_down
  kafka_up
}

cmd_status() {
  local pid rc=0
  if pid=$(pg_pid); then
    printf '%-9s running  pid %-8s %s:%s\n' postgres "$pid" "$HOST" "$PG_PORT"
  else
    printf '%-9s stopped\n' postgres
    rc=1
  fi
  if pid=$(redis_pid); then
    printf '%-9s running  pid %-8s %s:%s\n' redis "$pid" "$HOST" "$REDIS_PORT"
  else
    printf '%-9s stopped\n' redis
    rc=1
  fi
  if pid=$(kafka_pid); then
    printf '%-9s running  pid %-8s %s:%s\n' kafka "$pid" "$HOST" "$KAFKA_PORT"
  else
    printf '%-9s stopped\n' kafka
    rc=1
  fi
  if pid=$(mailpit_pid); then
    printf '%-9s running  pid %-8s %s:%s\n' mailpit "$pid" "$HOST" "$SMTP_PORT"
  else
    printf '%-9s stopped\n' mailpit
    rc=1
  fi
  return "$rc"
}

usage() {
  echo "usage: bash deploy/local/infra.sh up|down|status|env|kafka-start|kafka-stop|kafka-restart|kafka-topics <TopicCommand args>" >&2
  exit 2
}

main() {
  [[ $# -ge 1 ]] || usage
  local cmd=$1
  shift
  case $cmd in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  env) print_env ;;
  kafka-start) cmd_kafka_start ;;
  kafka-stop) cmd_kafka_stop ;;
  kafka-restart | restart-kafka) cmd_kafka_restart ;;
  kafka-topics) kafka_topics "$@" ;;
  *) usage ;;
  esac
}

main "$@"
