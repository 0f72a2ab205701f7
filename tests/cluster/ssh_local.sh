#!/bin/sh
# A stand-in for ssh that runs the command on this machine, for testing
# the ssh branch of examples/cluster/parallel.sh without an sshd: GNU
# parallel (PARALLEL_SSH) and rsync (--return) call it as they call ssh,
# "ssh [OPTIONS] HOST [--] COMMAND...". Each HOST gets its own home,
# $SSH_LOCAL_ROOT/HOST, where the command starts, as a login over ssh
# starts in the remote home; every call is logged in $SSH_LOCAL_ROOT/log.
set -eu
root=${SSH_LOCAL_ROOT:?SSH_LOCAL_ROOT names the hosts\' homes}
echo "$*" >> "$root/log"
while [ $# -gt 0 ]; do
  case $1 in
    -[bcDEeFIiJLlmOopQRSWw]) shift 2 ;; # options with a value
    -*) shift ;;
    *) break ;;
  esac
done
host=${1:?no host}
shift
[ "${1:-}" != "--" ] || shift
mkdir -p "$root/$host"
cd "$root/$host"
# ssh hands the words to the remote login shell as one command line; a
# login sets HOME and SHELL (GNU parallel's remote worker execs $SHELL,
# and CI may start us without one)
HOME=$root/$host SHELL=/bin/sh exec /bin/sh -c "$*"
