#!/usr/bin/env bash
# A real single-node SLURM cluster on a Debian 12 machine, for running the
# workflow through `--profile profiles/slurm` where no cluster exists (CI).
#
#   scripts/slurm-cluster.sh install   # apt-get the packages that are missing
#   scripts/slurm-cluster.sh start     # install, configure, start, wait for an idle node
#   scripts/slurm-cluster.sh status    # daemons, node state, partition and account
#   scripts/slurm-cluster.sh stop      # end exactly the daemons `start` started
#
# Run as root. The machine needs no init system: the daemons are started
# directly, in the foreground, each as its own session, and their PIDs are
# recorded so that `stop` ends those processes and no others. `start` is
# idempotent: a daemon already running is left alone, so a second start
# starts nothing.
#
# What it sets up: munge (authentication), MariaDB and slurmdbd (accounting,
# so that `sacct` works: the executor plugin asks it for job states), slurmctld
# and slurmd for this machine's CPUs and memory, one partition and one account
# (names below) that root may use.
#
# Settings (environment): SLURM_CLUSTER_STATE (state, logs, PIDs; default
# /var/lib/figdata-slurm), SLURM_CLUSTER_NAME (figdata), SLURM_PARTITION (ci),
# SLURM_ACCOUNT (ci), SLURM_START_TIMEOUT (seconds to wait for the node, 120).
set -euo pipefail

STATE="${SLURM_CLUSTER_STATE:-/var/lib/figdata-slurm}"
CLUSTER="${SLURM_CLUSTER_NAME:-figdata}"
PARTITION="${SLURM_PARTITION:-ci}"
ACCOUNT="${SLURM_ACCOUNT:-ci}"
TIMEOUT="${SLURM_START_TIMEOUT:-120}"
PACKAGES=(munge slurmctld slurmd slurm-client slurmdbd mariadb-server)
# Files this script may overwrite carry this first line; a site's own
# configuration (without it) is never touched.
MARK="# written by figdata scripts/slurm-cluster.sh"
SLURM_CONF=/etc/slurm/slurm.conf
DBD_CONF=/etc/slurm/slurmdbd.conf
# Order of start; stop goes backwards.
DAEMONS=(munged mariadbd slurmdbd slurmctld slurmd)

say() { printf 'slurm-cluster: %s\n' "$*"; }
die() {
    printf 'slurm-cluster: error: %s\n' "$*" >&2
    exit 1
}

need_root() { [ "$(id -u)" -eq 0 ] || die "run as root (it installs packages and starts daemons)"; }

missing_packages() {
    local p
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
    done
}

install_packages() {
    local missing
    mapfile -t missing < <(missing_packages)
    if [ "${#missing[@]}" -eq 0 ]; then
        say "packages present: ${PACKAGES[*]}"
        return
    fi
    command -v apt-get >/dev/null || die "apt-get not found: this script needs Debian 12"
    say "installing ${missing[*]}"
    # Without an init system the packages' scripts must not start services:
    # this script starts the daemons itself and records their PIDs.
    local policy=/usr/sbin/policy-rc.d added_policy=0
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy"
        chmod 755 "$policy"
        added_policy=1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    [ "$added_policy" -eq 0 ] || rm -f "$policy"
}

pidfile() { echo "$STATE/pids/$1.pid"; }

# A process that exists and has not exited (a zombie waits only to be reaped).
alive() { [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z ' "/proc/$1/stat"; }

# The PID recorded for a daemon, if that process is still the daemon.
live_pid() {
    local file pid
    file="$(pidfile "$1")"
    [ -s "$file" ] || return 1
    pid="$(cat "$file")"
    alive "$pid" && [ "$(cat "/proc/$pid/comm")" = "$1" ] && echo "$pid"
}

# Start one daemon in the foreground, detached, and record its PID. A daemon of
# this name that this script did not start (a site's own) is used, not doubled.
launch() {
    local name="$1"
    shift
    if live_pid "$name" >/dev/null; then
        say "$name already running (pid $(live_pid "$name"))"
        return
    fi
    if pgrep -x "$name" >/dev/null; then
        say "$name already running, not started by this script: using it"
        return
    fi
    # setsid: the daemon outlives the shell that started it and its signals
    setsid "$@" </dev/null >>"$STATE/log/$name.out" 2>&1 &
    echo "$!" >"$(pidfile "$name")"
    say "started $name (pid $!)"
    STARTED=1
}

# Wait until the command succeeds; on timeout show the daemon's log.
wait_for() {
    local what="$1" log="$2"
    shift 2
    local i
    for ((i = 0; i < TIMEOUT * 2; i++)); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.5
    done
    tail -n 30 "$log" >&2 || true
    die "$what not ready after ${TIMEOUT}s (log: $log)"
}

write_config() {
    local file="$1" mode="$2" content="$3"
    if [ -e "$file" ] && ! head -n 1 "$file" | grep -qxF "$MARK"; then
        die "$file exists and was not written by this script: refusing to overwrite it"
    fi
    mkdir -p "$(dirname "$file")"
    printf '%s\n%s\n' "$MARK" "$content" >"$file.tmp"
    chmod "$mode" "$file.tmp"
    mv "$file.tmp" "$file"
}

configure() {
    local host node cpus mem
    host="$(hostname -s)"
    getent hosts "$host" >/dev/null || die "host name $host does not resolve (add it to /etc/hosts)"
    # slurmd -C prints this machine's node line (CPUs, sockets, cores, memory)
    node="$(slurmd -C | head -n 1)"
    cpus="$(sed -n 's/.*CPUs=\([0-9]*\).*/\1/p' <<<"$node")"
    mem="$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$node")"
    [ -n "$cpus" ] && [ -n "$mem" ] || die "cannot read CPUs and memory from 'slurmd -C': $node"
    mkdir -p "$STATE"/{pids,log,slurmctld,slurmd}
    write_config "$SLURM_CONF" 644 "ClusterName=$CLUSTER
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$STATE/slurmctld
SlurmdSpoolDir=$STATE/slurmd
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
# no cgroups on machines without systemd
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=$host
AccountingStorageEnforce=associations
# keep the executor plugin's comment (rule and wildcards) for sacct
AccountingStoreFlags=job_comment
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
# finished jobs stay visible to squeue for 5 minutes
MinJobAge=300
$node State=UNKNOWN
# DefMemPerCPU: a job that asks for no memory gets a share of the node
# instead of all of it, so jobs still run side by side
PartitionName=$PARTITION Nodes=$host Default=YES MaxTime=INFINITE State=UP DefMemPerCPU=$((mem / cpus))"
    if [ ! -s "$STATE/dbpass" ]; then
        (umask 077 && head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$STATE/dbpass")
    fi
    write_config "$DBD_CONF" 600 "AuthType=auth/munge
DbdHost=$host
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StoragePass=$(cat "$STATE/dbpass")
StorageLoc=slurm_acct_db
LogFile=$STATE/log/slurmdbd.log
PidFile=$STATE/slurmdbd.pid"
    if [ ! -s /etc/munge/munge.key ]; then
        mkdir -p /etc/munge
        (umask 077 && head -c 1024 /dev/urandom >/etc/munge/munge.key)
        chown munge:munge /etc/munge/munge.key
        chmod 400 /etc/munge/munge.key
    fi
}

db_ready() { mariadb-admin --protocol=socket ping; }
node_state() { sinfo -h -N -n "$(hostname -s)" -o %t 2>/dev/null; }
# idle when just started; a node already up may be running jobs
node_up() { [[ "$(node_state)" =~ ^(idle|mix|alloc|comp)$ ]]; }
account_ok() { sacctmgr -n -P show assoc where user=root account="$ACCOUNT" format=account | grep -qx "$ACCOUNT"; }

start() {
    need_root
    install_packages
    configure
    STARTED=0

    install -d -o munge -g munge -m 755 /run/munge
    launch munged setpriv --reuid=munge --regid=munge --init-groups \
        /usr/sbin/munged --foreground
    wait_for munge "$STATE/log/munged.out" sh -c 'munge -n | unmunge'

    install -d -o mysql -g mysql -m 755 /run/mysqld
    if [ ! -d /var/lib/mysql/mysql ]; then
        mariadb-install-db --user=mysql --datadir=/var/lib/mysql >"$STATE/log/mariadb-install.out"
    fi
    launch mariadbd /usr/sbin/mariadbd --user=mysql
    wait_for MariaDB "$STATE/log/mariadbd.out" db_ready
    mariadb --protocol=socket <<SQL
CREATE DATABASE IF NOT EXISTS slurm_acct_db;
CREATE USER IF NOT EXISTS 'slurm'@'localhost';
ALTER USER 'slurm'@'localhost' IDENTIFIED BY '$(cat "$STATE/dbpass")';
GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';
SQL

    launch slurmdbd /usr/sbin/slurmdbd -D
    wait_for slurmdbd "$STATE/log/slurmdbd.log" sacctmgr -n show cluster
    # the cluster must be known to the database before slurmctld registers
    if ! sacctmgr -n -P show cluster format=cluster | grep -qx "$CLUSTER"; then
        sacctmgr -i add cluster "$CLUSTER" >/dev/null
    fi
    if ! account_ok; then
        sacctmgr -i add account "$ACCOUNT" cluster="$CLUSTER" \
            description="figdata test account" >/dev/null
        sacctmgr -i add user root account="$ACCOUNT" cluster="$CLUSTER" >/dev/null
    fi

    launch slurmctld /usr/sbin/slurmctld -D
    wait_for slurmctld "$STATE/log/slurmctld.log" scontrol ping
    launch slurmd /usr/sbin/slurmd -D
    wait_for "the node" "$STATE/log/slurmd.log" node_up
    if [ "$STARTED" -eq 0 ]; then
        say "cluster $CLUSTER already up: nothing started"
    else
        say "cluster $CLUSTER up: partition $PARTITION, account $ACCOUNT, node $(hostname -s) $(node_state)"
    fi
}

stop() {
    need_root
    local i name pid n
    for ((i = ${#DAEMONS[@]} - 1; i >= 0; i--)); do
        name="${DAEMONS[i]}"
        if pid="$(live_pid "$name")"; then
            kill -TERM "$pid"
            n=0
            while alive "$pid" && [ "$n" -lt 60 ]; do
                sleep 0.5
                n=$((n + 1))
            done
            if alive "$pid"; then
                say "$name (pid $pid) did not stop in 30 s: killing it"
                kill -KILL "$pid" 2>/dev/null || true
            fi
            say "stopped $name (pid $pid)"
        fi
        rm -f "$(pidfile "$name")"
    done
}

status() {
    local name pid up=0
    for name in "${DAEMONS[@]}"; do
        if pid="$(live_pid "$name")"; then
            say "$name running (pid $pid)"
            up=$((up + 1))
        else
            say "$name not running"
        fi
    done
    if [ "$up" -eq "${#DAEMONS[@]}" ]; then
        sinfo
        sacctmgr -n show assoc where account="$ACCOUNT" format=cluster,account,user
        return 0
    fi
    return 1
}

case "${1:-}" in
install) need_root && install_packages ;;
start) start ;;
stop) stop ;;
status) status ;;
*)
    echo "usage: $0 install|start|stop|status" >&2
    exit 2
    ;;
esac
