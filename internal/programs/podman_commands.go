package programs

// The subcommands of podman and their options, as `podman <command> --help` lists
// them; podman.go says what each does.

var podmanContainerAttach = &Node{Effects: daemonChange, Inherit: true, Opts: `
--detach-keys=AZ
-l --latest
--no-stdin
--sig-proxy
-h --help
`}

var podmanAutoUpdate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--authfile=STRING                    read
--dry-run
--format=STRING
--rollback
-h --help
`}

var podmanImageBuild = &Node{Effects: daemonChange, Inherit: true, Opts: `
--add-host=HOSTIP
--all-platforms
--annotation=STRINGARRAY
--arch=STRING
--authfile=STRING                    read
--build-arg=ARGUMENTVALUE
--build-context=ARGUMENTVALUE
--cache-from=STRING
--cache-to=STRING
--cache-ttl=STRING
--cap-add=STRINGS
--cap-drop=STRINGS
--cert-dir=STRING                    read
--cgroup-parent=STRING
--cgroupns=STRING
--compress
--cpp-flag=STRINGARRAY
--cpu-period=UINT
--cpu-quota=INT
-c --cpu-shares=UINT
--cpuset-cpus=STRING
--cpuset-mems=STRING
--creds=USERNAMEPASSWORD
--decryption-key=STRINGS             read
--device=STRINGARRAY
-D --disable-compression
--disable-content-trust
--dns=ETCRESOLVCONF
--dns-option=STRINGS
--dns-search=STRINGS
--env=STRINGARRAY
-f --file=PATHNAME
--force-rm
--format=FORMAT
--from=STRING
--hooks-dir=STRINGARRAY
--http-proxy
--identity-label
--ignorefile=STRING
--iidfile=FILE                       write
--ipc=PATH
--isolation=TYPE
--jobs=INT
--label=STRINGARRAY
--layers
--logfile=FILE
--logsplit
--manifest=STRING
-m --memory=STRING
--memory-swap=STRING
--network=STRING
--no-cache
--no-hosts
--omit-history
--os=STRING
--os-feature=FEATURE
--os-version=VERSION
-o --output=STRING                   write
--pid=PATH
--platform=LINUXARM
--pull=STRINGTRUE
-q --quiet
--retry=INT
--retry-delay=STRING
--rm
--runtime-flag=STRINGS
--secret=STRINGARRAY
--security-opt=STRINGARRAY
--shm-size=NUMBERUNIT
--sign-by=FINGERPRINT
--skip-unused-stages
--squash
--squash-all
--ssh=STRINGARRAY
--stdin
-t --tag=NAME
--target=STRING
--timestamp=INT
--tls-verify
--ulimit=STRINGS
--unsetenv=STRINGS
--userns=PATH
--userns-gid-map=CONTAINERGIDHOSTGIDLENGTH
--userns-gid-map-group=NAME
--userns-uid-map=CONTAINERUIDHOSTUIDLENGTH
--userns-uid-map-user=NAME
--uts=PATH
--variant=VARIANT
-v --volume=STRINGARRAY
-h --help
`}

var podmanContainerCommit = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --author=STRING
-c --change=STRINGARRAY
-f --format=FORMAT
--iidfile=FILE                       write
--include-volumes
-m --message=STRING
-p --pause
-q --quiet
-s --squash
-h --help
`}

var podmanContainerCheckpoint = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-c --compress=STRING
--create-image=STRING
-e --export=STRING
--file-locks
--ignore-rootfs
--ignore-volumes
-k --keep
-l --latest
-R --leave-running
-P --pre-checkpoint
--print-stats
--tcp-established
--with-previous
-h --help
`}

var podmanContainerCleanup = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--exec=STRING
-l --latest
--rm
--rmi
-h --help
`}

var podmanContainerClone = &Node{Effects: daemonChange, Inherit: true, Opts: `
--blkio-weight=STRING
--blkio-weight-device=DEVICENAMEWEIGHT
--cpu-period=UINT
--cpu-quota=INT
--cpu-rt-period=UINT
--cpu-rt-runtime=INT
-c --cpu-shares=UINT
--cpus=FLOAT
--cpuset-cpus=STRING
--cpuset-mems=STRING
--destroy
--device-read-bps=STRINGS
--device-write-bps=STRINGS
-f --force
-m --memory=NUMBERUNIT
--memory-reservation=NUMBERUNIT
--memory-swap=STRING
--memory-swappiness=INT
--name=STRING
--pod=STRING
--run
-h --help
`}

var podmanContainerCp = &Node{Effects: copyContainer, Inherit: true, Opts: `
-a --archive
--overwrite
-h --help
`}

var podmanContainerCreate = &Node{Effects: daemonChange, Inherit: true, POSIX: true, Opts: `
--add-host=STRINGS
--annotation=STRINGS
--arch=ARCH
-a --attach=STRINGS
--authfile=STRING                    read
--blkio-weight=STRING
--blkio-weight-device=DEVICENAMEWEIGHT
--cap-add=STRINGS
--cap-drop=STRINGS
--cgroup-conf=STRINGS
--cgroup-parent=STRING
--cgroupns=STRING
--cgroups=STRING
--chrootdirs=STRINGS
--cidfile=STRING                     write
--conmon-pidfile=STRING              write
--cpu-period=UINT
--cpu-quota=INT
--cpu-rt-period=UINT
--cpu-rt-runtime=INT
-c --cpu-shares=UINT
--cpus=FLOAT
--cpuset-cpus=STRING
--cpuset-mems=STRING
--device=STRINGS
--device-cgroup-rule=STRINGS
--device-read-bps=STRINGS
--device-read-iops=STRINGS
--device-write-bps=STRINGS
--device-write-iops=STRINGS
--disable-content-trust
--dns=STRINGS
--dns-option=STRINGS
--dns-search=STRINGS
--entrypoint=STRING
-e --env=STRINGARRAY
--env-file=STRINGS                   read
--env-host
--env-merge=STRINGARRAY
--expose=STRINGS
--gidmap=STRINGS
--group-add=STRINGS
--health-cmd=STRING
--health-interval=STRING
--health-on-failure=STRING
--health-retries=UINT
--health-start-period=STRING
--health-timeout=STRING
-h --hostname=STRING
--hostuser=STRINGS
--http-proxy
--image-volume=STRING
--init
--init-ctr=STRING
--init-path=STRING
-i --interactive
--ip=STRING
--ip6=STRING
--ipc=STRING
-l --label=STRINGARRAY
--label-file=STRINGS                 read
--log-driver=STRING
--log-opt=STRINGS
--mac-address=STRING
-m --memory=NUMBERUNIT
--memory-reservation=NUMBERUNIT
--memory-swap=STRING
--memory-swappiness=INT
--mount=STRINGARRAY
--name=STRING
--network=STRINGARRAY
--network-alias=STRINGS
--no-healthcheck
--no-hosts
--oom-kill-disable
--oom-score-adj=INT
--os=OS
--passwd-entry=STRING
--personality=STRING
--pid=STRING
--pidfile=STRING                     write
--pids-limit=INT
--platform=STRING
--pod=STRING
--pod-id-file=STRING
--privileged
-p --publish=STRINGS
-P --publish-all
--pull=STRING
-q --quiet
--read-only
--read-only-tmpfs
--replace
--requires=STRINGS
--restart=STRING
--rm
--rootfs
--sdnotify=STRING
--seccomp-policy=STRING
--secret=STRINGARRAY
--security-opt=STRINGARRAY
--shm-size=NUMBERUNIT
--stop-signal=STRING
--stop-timeout=UINT
--subgidname=STRING
--subuidname=STRING
--sysctl=STRINGS
--systemd=STRING
--timeout=UINT
--tls-verify
--tmpfs=TMPFS
-t --tty
--tz=STRING
--uidmap=STRINGS
--ulimit=STRINGS
--umask=STRING
--unsetenv=STRINGARRAY
--unsetenv-all
-u --user=STRING
--userns=STRING
--uts=STRING
--variant=VARIANT
-v --volume=STRINGARRAY
--volumes-from=STRINGARRAY
-w --workdir=STRING
--help
`}

var podmanContainerDiff = &Node{Effects: daemonRead, Inherit: true, Opts: `
--format=STRING
-l --latest
-h --help
`}

var podmanContainerExec = &Node{Effects: execInContainer, Inherit: true, POSIX: true, Opts: `
-d --detach
--detach-keys=STRING
-e --env=STRINGARRAY
--env-file=STRINGS                   read
-i --interactive
-l --latest
--preserve-fds=UINT
--privileged                         change
-t --tty
-u --user=STRING
-w --workdir=STRING
-h --help
`}

var podmanContainerExists = &Node{Effects: daemonRead, Inherit: true, Opts: `
--external
-h --help
`}

var podmanContainerExport = &Node{Effects: exportContainer, Inherit: true, Opts: `
-o --output=STRING                   write
-h --help
`}

var podmanContainerInit = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-l --latest
-h --help
`}

var podmanContainerInspect = &Node{Effects: inspectEnv, Inherit: true, Opts: `
-f --format=STRING
-l --latest
-s --size
-h --help
`}

var podmanContainerKill = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--cidfile=STRINGARRAY                write
-l --latest
-s --signal=STRING
-h --help
`}

var podmanContainerList = &Node{Effects: daemonRead, Inherit: true, Opts: `
-a --all
--external
-f --filter=STRINGS
--format=STRING
-n --last=INT
-l --latest
--no-trunc
--noheading
--ns
-p --pod
-q --quiet
-s --size
--sort=CHOICE
--sync
-w --watch=UINT
-h --help
`}

var podmanContainerLogs = &Node{Effects: daemonRead, Inherit: true, Opts: `
--color
-f --follow
-l --latest
-n --names
--since=STRING
--tail=INT
-t --timestamps
--until=STRING
-h --help
`}

var podmanContainerMount = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--format=STRING
-l --latest
--no-trunc
-h --help
`}

var podmanContainerPause = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--cidfile=STRINGARRAY                write
-f --filter=STRINGS
-l --latest
-h --help
`}

var podmanContainerPort = &Node{Effects: daemonRead, Inherit: true, Opts: `
-a --all
-l --latest
-h --help
`}

var podmanContainerPrune = &Node{Effects: daemonChange, Inherit: true, Opts: `
--filter=STRINGARRAY
-f --force
-h --help
`}

var podmanContainerPs = &Node{Effects: daemonRead, Inherit: true, Opts: `
-a --all
--external
-f --filter=STRINGS
--format=STRING
-n --last=INT
-l --latest
--no-trunc
--noheading
--ns
-p --pod
-q --quiet
-s --size
--sort=CHOICE
--sync
-w --watch=UINT
-h --help
`}

var podmanContainerRename = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanContainerRestart = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--cidfile=STRINGARRAY                write
-f --filter=STRINGS
-l --latest
--running
-t --time=UINT
-h --help
`}

var podmanContainerRestore = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--file-locks
--ignore-rootfs
--ignore-static-ip
--ignore-static-mac
--ignore-volumes
-i --import=STRING
--import-previous=STRING
-k --keep
-l --latest
-n --name=STRING
--pod=STRING
--print-stats
-p --publish=STRINGS
--tcp-established
-h --help
`}

var podmanContainerRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--cidfile=STRINGARRAY                write
--depend
--filter=STRINGS
-f --force
-i --ignore
-l --latest
-t --time=UINT
-v --volumes
-h --help
`}

var podmanContainerRun = &Node{Effects: daemonChange, Inherit: true, POSIX: true, Opts: `
--add-host=STRINGS
--annotation=STRINGS
--arch=ARCH
-a --attach=STRINGS
--authfile=STRING                    read
--blkio-weight=STRING
--blkio-weight-device=DEVICENAMEWEIGHT
--cap-add=STRINGS
--cap-drop=STRINGS
--cgroup-conf=STRINGS
--cgroup-parent=STRING
--cgroupns=STRING
--cgroups=STRING
--chrootdirs=STRINGS
--cidfile=STRING                     write
--conmon-pidfile=STRING              write
--cpu-period=UINT
--cpu-quota=INT
--cpu-rt-period=UINT
--cpu-rt-runtime=INT
-c --cpu-shares=UINT
--cpus=FLOAT
--cpuset-cpus=STRING
--cpuset-mems=STRING
-d --detach
--detach-keys=AZ
--device=STRINGS
--device-cgroup-rule=STRINGS
--device-read-bps=STRINGS
--device-read-iops=STRINGS
--device-write-bps=STRINGS
--device-write-iops=STRINGS
--disable-content-trust
--dns=STRINGS
--dns-option=STRINGS
--dns-search=STRINGS
--entrypoint=STRING
-e --env=STRINGARRAY
--env-file=STRINGS                   read
--env-host
--env-merge=STRINGARRAY
--expose=STRINGS
--gidmap=STRINGS
--group-add=STRINGS
--health-cmd=STRING
--health-interval=STRING
--health-on-failure=STRING
--health-retries=UINT
--health-start-period=STRING
--health-timeout=STRING
-h --hostname=STRING
--hostuser=STRINGS
--http-proxy
--image-volume=STRING
--init
--init-path=STRING
-i --interactive
--ip=STRING
--ip6=STRING
--ipc=STRING
-l --label=STRINGARRAY
--label-file=STRINGS                 read
--log-driver=STRING
--log-opt=STRINGS
--mac-address=STRING
-m --memory=NUMBERUNIT
--memory-reservation=NUMBERUNIT
--memory-swap=STRING
--memory-swappiness=INT
--mount=STRINGARRAY
--name=STRING
--network=STRINGARRAY
--network-alias=STRINGS
--no-healthcheck
--no-hosts
--oom-kill-disable
--oom-score-adj=INT
--os=OS
--passwd
--passwd-entry=STRING
--personality=STRING
--pid=STRING
--pidfile=STRING                     write
--pids-limit=INT
--platform=STRING
--pod=STRING
--pod-id-file=STRING
--preserve-fds=UINT
--privileged
-p --publish=STRINGS
-P --publish-all
--pull=STRING
-q --quiet
--read-only
--read-only-tmpfs
--replace
--requires=STRINGS
--restart=STRING
--rm
--rmi
--rootfs
--sdnotify=STRING
--seccomp-policy=STRING
--secret=STRINGARRAY
--security-opt=STRINGARRAY
--shm-size=NUMBERUNIT
--sig-proxy
--stop-signal=STRING
--stop-timeout=UINT
--subgidname=STRING
--subuidname=STRING
--sysctl=STRINGS
--systemd=STRING
--timeout=UINT
--tls-verify
--tmpfs=TMPFS
-t --tty
--tz=STRING
--uidmap=STRINGS
--ulimit=STRINGS
--umask=STRING
--unsetenv=STRINGARRAY
--unsetenv-all
-u --user=STRING
--userns=STRING
--uts=STRING
--variant=VARIANT
-v --volume=STRINGARRAY
--volumes-from=STRINGARRAY
-w --workdir=STRING
--help
`}

var podmanContainerRunlabel = &Node{Effects: daemonChange, Inherit: true, Opts: `
--authfile=STRING                    read
--cert-dir=PATHNAME                  read
--creds=CREDENTIALS
--display
-n --name=STRING
-q --quiet
--replace
--tls-verify
-h --help
`}

var podmanContainerStart = &Node{Effects: daemonChange, Inherit: true, Opts: `
--all
-a --attach
--detach-keys=AZ
-f --filter=STRINGS
-i --interactive
-l --latest
--sig-proxy
-h --help
`}

var podmanContainerStats = &Node{Effects: daemonRead, Inherit: true, Opts: `
-a --all
--format=STRING
-i --interval=INT
-l --latest
--no-reset
--no-stream
--no-trunc
-h --help
`}

var podmanContainerStop = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--cidfile=STRINGARRAY                write
-f --filter=STRINGS
-i --ignore
-l --latest
-t --time=UINT
-h --help
`}

var podmanContainerTop = &Node{Effects: daemonRead, Inherit: true, Opts: `
-l --latest
-h --help
`}

var podmanContainerUnmount = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-f --force
-l --latest
-h --help
`}

var podmanContainerUnpause = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--cidfile=STRINGARRAY                write
-f --filter=STRINGS
-l --latest
-h --help
`}

var podmanContainerUpdate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--blkio-weight=STRING
--blkio-weight-device=DEVICENAMEWEIGHT
--cpu-period=UINT
--cpu-quota=INT
--cpu-rt-period=UINT
--cpu-rt-runtime=INT
-c --cpu-shares=UINT
--cpus=FLOAT
--cpuset-cpus=STRING
--cpuset-mems=STRING
--device-read-bps=STRINGS
--device-read-iops=STRINGS
--device-write-bps=STRINGS
--device-write-iops=STRINGS
-m --memory=NUMBERUNIT
--memory-reservation=NUMBERUNIT
--memory-swap=STRING
--memory-swappiness=INT
-h --help
`}

var podmanContainerWait = &Node{Effects: daemonRead, Inherit: true, Opts: `
--condition=STRINGS
-i --interval=STRING
-l --latest
-h --help
`}

var podmanContainer = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "attach", Node: podmanContainerAttach},
	{Name: "checkpoint", Node: podmanContainerCheckpoint},
	{Name: "cleanup", Node: podmanContainerCleanup},
	{Name: "clone", Node: podmanContainerClone},
	{Name: "commit", Node: podmanContainerCommit},
	{Name: "cp", Node: podmanContainerCp},
	{Name: "create", Node: podmanContainerCreate},
	{Name: "diff", Node: podmanContainerDiff},
	{Name: "exec", Node: podmanContainerExec},
	{Name: "exists", Node: podmanContainerExists},
	{Name: "export", Node: podmanContainerExport},
	{Name: "init", Node: podmanContainerInit},
	{Name: "inspect", Node: podmanContainerInspect},
	{Name: "kill", Node: podmanContainerKill},
	{Name: "list", Node: podmanContainerList},
	{Name: "logs", Node: podmanContainerLogs},
	{Name: "mount", Node: podmanContainerMount},
	{Name: "pause", Node: podmanContainerPause},
	{Name: "port", Node: podmanContainerPort},
	{Name: "prune", Node: podmanContainerPrune},
	{Name: "ps", Node: podmanContainerPs},
	{Name: "rename", Node: podmanContainerRename},
	{Name: "restart", Node: podmanContainerRestart},
	{Name: "restore", Node: podmanContainerRestore},
	{Name: "rm", Node: podmanContainerRm},
	{Name: "run", Node: podmanContainerRun},
	{Name: "runlabel", Node: podmanContainerRunlabel},
	{Name: "start", Node: podmanContainerStart},
	{Name: "stats", Node: podmanContainerStats},
	{Name: "stop", Node: podmanContainerStop},
	{Name: "top", Node: podmanContainerTop},
	{Name: "unmount", Node: podmanContainerUnmount},
	{Name: "unpause", Node: podmanContainerUnpause},
	{Name: "update", Node: podmanContainerUpdate},
	{Name: "wait", Node: podmanContainerWait},
}}

var podmanEvents = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --filter=STRINGARRAY
--format=STRING
--no-trunc
--since=STRING
--until=STRING
-h --help
`}

var podmanGenerateKube = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --filename=STRING                 write
-s --service
-h --help
`}

var podmanGenerateSpec = &Node{Effects: daemonRead, Inherit: true, Opts: `
-c --compact
-f --filename=STRING                 write
-n --name
-h --help
`}

var podmanGenerateSystemd = &Node{Effects: daemonRead, Inherit: true, Opts: `
--after=STRINGARRAY
--container-prefix=STRING
-e --env=STRINGARRAY
-f --files                           write
--format=STRING
-n --name
--new
--no-header
--pod-prefix=STRING
--requires=STRINGARRAY
--restart-policy=STRING
--restart-sec=UINT
--separator=STRING
--start-timeout=UINT
--stop-timeout=UINT
--template
--wants=STRINGARRAY
-h --help
`}

var podmanGenerate = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "kube", Node: podmanGenerateKube},
	{Name: "spec", Node: podmanGenerateSpec},
	{Name: "systemd", Node: podmanGenerateSystemd},
}}

var podmanHealthcheckRun = &Node{Effects: daemonChange, Inherit: true, POSIX: true, Opts: `
-h --help
`}

var podmanHealthcheck = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "run", Node: podmanHealthcheckRun},
}}

var podmanImageHistory = &Node{Effects: imageHistory, Inherit: true, Opts: `
--format=STRING
-H --human
--no-trunc
-q --quiet
-h --help
`}

var podmanImageDiff = &Node{Effects: daemonRead, Inherit: true, Opts: `
--format=STRING
-h --help
`}

var podmanImageExists = &Node{Effects: daemonRead, Inherit: true, Opts: `
-h --help
`}

var podmanImageImport = &Node{Effects: daemonChange, Inherit: true, Opts: `
--arch=STRING
-c --change=STRINGARRAY
-m --message=STRING
--os=STRING
-q --quiet
--variant=STRING
-h --help
`}

var podmanImageInspect = &Node{Effects: imageInspect, Inherit: true, Opts: `
-f --format=STRING
-h --help
`}

var podmanImageList = &Node{Effects: daemonRead, Inherit: true, Opts: `
-a --all
--digests
-f --filter=STRINGS
--format=STRING
--history
--no-trunc
-n --noheading
-q --quiet
--sort=STRING
-h --help
`}

var podmanImageLoad = &Node{Effects: daemonChange, Inherit: true, Opts: `
-i --input=STRING                    read
-q --quiet
-h --help
`}

var podmanImageMount = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--format=STRING
-h --help
`}

var podmanImagePrune = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--external
--filter=STRINGARRAY
-f --force
-h --help
`}

var podmanImagePull = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all-tags
--arch=ARCH
--authfile=STRING                    read
--cert-dir=PATHNAME                  read
--creds=CREDENTIALS
--disable-content-trust
--os=OS
--platform=STRING
-q --quiet
--tls-verify
--variant=STRING
-h --help
`}

var podmanImagePush = &Node{Effects: daemonChange, Inherit: true, Opts: `
--authfile=STRING                    read
--cert-dir=STRING                    read
--compress
--compression-format=STRING
--creds=CREDENTIALS
--digestfile=STRING
--disable-content-trust
-f --format=STRING
-q --quiet
--remove-signatures
--sign-by=STRING
--sign-by-sigstore-private-key=PATH
--sign-passphrase-file=PATH
--tls-verify
-h --help
`}

var podmanImageRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-f --force
-i --ignore
--no-prune
-h --help
`}

var podmanImageSave = &Node{Effects: saveImage, Inherit: true, Opts: `
--compress
--format=STRING
-m --multi-image-archive
-o --output=STRING                   write
-q --quiet
--uncompressed
-h --help
`}

var podmanImageScp = &Node{Effects: daemonChange, Inherit: true, Opts: `
-q --quiet
-h --help
`}

var podmanImageSearch = &Node{Effects: daemonRead, Inherit: true, Opts: `
--authfile=STRING                    read
--compatible
-f --filter=STRINGS
--format=STRING
--limit=INT
--list-tags
--no-trunc
--tls-verify
-h --help
`}

var podmanImageSign = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--authfile=STRING                    read
--cert-dir=PATHNAME                  read
-d --directory=STRING
--sign-by=STRING
-h --help
`}

var podmanImageTag = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanImageTree = &Node{Effects: daemonRead, Inherit: true, Opts: `
--whatrequires
-h --help
`}

var podmanImageTrustSet = &Node{Effects: daemonChange, Inherit: true, Opts: `
-f --pubkeysfile=STRINGS
-t --type=STRING
-h --help
`}

var podmanImageTrustShow = &Node{Effects: daemonRead, Inherit: true, Opts: `
-j --json
-n --noheading
--raw
-h --help
`}

var podmanImageTrust = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "set", Node: podmanImageTrustSet},
	{Name: "show", Node: podmanImageTrustShow},
}}

var podmanImageUnmount = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-f --force
-h --help
`}

var podmanImageUntag = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanImage = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "build", Node: podmanImageBuild},
	{Name: "diff", Node: podmanImageDiff},
	{Name: "exists", Node: podmanImageExists},
	{Name: "history", Node: podmanImageHistory},
	{Name: "import", Node: podmanImageImport},
	{Name: "inspect", Node: podmanImageInspect},
	{Name: "list", Node: podmanImageList},
	{Name: "load", Node: podmanImageLoad},
	{Name: "mount", Node: podmanImageMount},
	{Name: "prune", Node: podmanImagePrune},
	{Name: "pull", Node: podmanImagePull},
	{Name: "push", Node: podmanImagePush},
	{Name: "rm", Node: podmanImageRm},
	{Name: "save", Node: podmanImageSave},
	{Name: "scp", Node: podmanImageScp},
	{Name: "search", Node: podmanImageSearch},
	{Name: "sign", Node: podmanImageSign},
	{Name: "tag", Node: podmanImageTag},
	{Name: "tree", Node: podmanImageTree},
	{Name: "trust", Node: podmanImageTrust},
	{Name: "unmount", Node: podmanImageUnmount},
	{Name: "untag", Node: podmanImageUntag},
}}

var podmanInfo = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --format=STRING
-h --help
`}

var podmanInspect = &Node{Effects: imageInspect, Inherit: true, Opts: `
-f --format=STRING
-l --latest
-s --size
-t --type=STRING
-h --help
`}

var podmanKubeDown = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanKubeGenerate = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --filename=STRING                 write
-s --service
-h --help
`}

var podmanKubePlay = &Node{Effects: daemonChange, Inherit: true, Opts: `
--annotation=STRINGS
--authfile=STRING                    read
--build
--cert-dir=PATHNAME                  read
--configmap=PATHNAME
--context-dir=STRING
--creds=CREDENTIALS
--ip=IPSLICE
--log-driver=STRING
--log-opt=STRINGS
--mac-address=STRINGS
--network=STRINGARRAY
--no-hosts
-q --quiet
--replace
--seccomp-profile-root=STRING
--start
--tls-verify
--userns=STRING
-h --help
`}

var podmanKube = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "down", Node: podmanKubeDown},
	{Name: "generate", Node: podmanKubeGenerate},
	{Name: "play", Node: podmanKubePlay},
}}

var podmanLogin = &Node{Effects: daemonChange, Inherit: true, Opts: `
--authfile=STRING                    read
--cert-dir=STRING                    read
--get-login
-p --password=STRING
--password-stdin
--tls-verify
-u --username=STRING
-v --verbose
-h --help
`}

var podmanLogout = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--authfile=STRING                    read
-h --help
`}

var podmanMachineInfo = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --format=STRING
-h --help
`}

var podmanMachineInit = &Node{Effects: daemonChange, Inherit: true, Opts: `
--cpus=UINT
--disk-size=UINT
--ignition-path=STRING
--image-path=STRING
-m --memory=UINT
--now
--rootful
--timezone=STRING
--username=STRING
-v --volume=STRINGARRAY
--volume-driver=STRING
-h --help
`}

var podmanMachineInspect = &Node{Effects: daemonRead, Inherit: true, Opts: `
--format=STRING
-h --help
`}

var podmanMachineList = &Node{Effects: daemonRead, Inherit: true, Opts: `
--format=STRING
--noheading
-q --quiet
-h --help
`}

var podmanMachineRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-f --force
--save-ignition
--save-image
--save-keys
-h --help
`}

var podmanMachineSet = &Node{Effects: daemonChange, Inherit: true, Opts: `
--cpus=UINT
--disk-size=UINT
-m --memory=UINT
--rootful
-h --help
`}

var podmanMachineSsh = &Node{Effects: daemonChange, Inherit: true, POSIX: true, Opts: `
--username=STRING
-h --help
`}

var podmanMachineStart = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanMachineStop = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanMachine = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "info", Node: podmanMachineInfo},
	{Name: "init", Node: podmanMachineInit},
	{Name: "inspect", Node: podmanMachineInspect},
	{Name: "list", Node: podmanMachineList},
	{Name: "rm", Node: podmanMachineRm},
	{Name: "set", Node: podmanMachineSet},
	{Name: "ssh", Node: podmanMachineSsh},
	{Name: "start", Node: podmanMachineStart},
	{Name: "stop", Node: podmanMachineStop},
}}

var podmanManifestAdd = &Node{Effects: daemonChange, Inherit: true, Opts: `
--all
--annotation=ANNOTATION
--arch=ARCHITECTURE
--authfile=STRING                    read
--cert-dir=STRING                    read
--creds=USERNAMEPASSWORD
--features=FEATURES
--os=OS
--os-version=VERSION
--tls-verify
--variant=VARIANT
-h --help
`}

var podmanManifestAnnotate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--annotation=ANNOTATION
--arch=ARCHITECTURE
--features=FEATURES
--os=OS
--os-features=FEATURES
--os-version=VERSION
--variant=VARIANT
-h --help
`}

var podmanManifestCreate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--all
-a --amend
--tls-verify
-h --help
`}

var podmanManifestExists = &Node{Effects: daemonRead, Inherit: true, Opts: `
-h --help
`}

var podmanManifestInspect = &Node{Effects: daemonRead, Inherit: true, Opts: `
-h --help
`}

var podmanManifestPush = &Node{Effects: daemonChange, Inherit: true, Opts: `
--all
--authfile=STRING                    read
--cert-dir=STRING                    read
--compression-format=STRING
--creds=USERNAMEPASSWORD
--digestfile=STRING
-f --format=STRING
-q --quiet
--remove-signatures
--rm
--sign-by=FINGERPRINT
--sign-by-sigstore-private-key=PATH
--sign-passphrase-file=PATH
--tls-verify
-h --help
`}

var podmanManifestRemove = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanManifestRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanManifest = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "add", Node: podmanManifestAdd},
	{Name: "annotate", Node: podmanManifestAnnotate},
	{Name: "create", Node: podmanManifestCreate},
	{Name: "exists", Node: podmanManifestExists},
	{Name: "inspect", Node: podmanManifestInspect},
	{Name: "push", Node: podmanManifestPush},
	{Name: "remove", Node: podmanManifestRemove},
	{Name: "rm", Node: podmanManifestRm},
}}

var podmanNetworkConnect = &Node{Effects: daemonChange, Inherit: true, Opts: `
--alias=STRINGS
--ip=IP
--ip6=IP
--mac-address=STRING
-h --help
`}

var podmanNetworkCreate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--disable-dns
-d --driver=STRING
--gateway=IPSLICE
--internal
--ip-range=STRINGARRAY
--ipam-driver=STRING
--ipv6
--label=STRINGARRAY
-o --opt=STRINGARRAY
--subnet=STRINGARRAY
-h --help
`}

var podmanNetworkDisconnect = &Node{Effects: daemonChange, Inherit: true, Opts: `
-f --force
-h --help
`}

var podmanNetworkExists = &Node{Effects: daemonRead, Inherit: true, Opts: `
-h --help
`}

var podmanNetworkInspect = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --format=STRING
-h --help
`}

var podmanNetworkLs = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --filter=STRINGARRAY
--format=STRING
--no-trunc
--noheading
-q --quiet
-h --help
`}

var podmanNetworkPrune = &Node{Effects: daemonChange, Inherit: true, Opts: `
--filter=STRINGARRAY
-f --force
-h --help
`}

var podmanNetworkReload = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-l --latest
-h --help
`}

var podmanNetworkRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-f --force
-t --time=UINT
-h --help
`}

var podmanNetwork = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "connect", Node: podmanNetworkConnect},
	{Name: "create", Node: podmanNetworkCreate},
	{Name: "disconnect", Node: podmanNetworkDisconnect},
	{Name: "exists", Node: podmanNetworkExists},
	{Name: "inspect", Node: podmanNetworkInspect},
	{Name: "ls", Node: podmanNetworkLs},
	{Name: "prune", Node: podmanNetworkPrune},
	{Name: "reload", Node: podmanNetworkReload},
	{Name: "rm", Node: podmanNetworkRm},
}}

var podmanPodClone = &Node{Effects: daemonChange, Inherit: true, Opts: `
--blkio-weight=STRING
--blkio-weight-device=DEVICENAMEWEIGHT
--cgroup-parent=STRING
-c --cpu-shares=UINT
--cpus=FLOAT
--cpuset-cpus=STRING
--cpuset-mems=STRING
--destroy
--device=STRINGS
--device-read-bps=STRINGS
--device-write-bps=STRINGS
--gidmap=STRINGS
-h --hostname=STRING
--infra-command=STRING
--infra-conmon-pidfile=STRING
--infra-name=STRING
-l --label=STRINGARRAY
--label-file=STRINGS                 read
-m --memory=NUMBERUNIT
--memory-swap=STRING
-n --name=STRING
--pid=STRING
--security-opt=STRINGARRAY
--shm-size=NUMBERUNIT
--start
--subgidname=STRING
--subuidname=STRING
--sysctl=STRINGS
--uidmap=STRINGS
--userns=STRING
--uts=STRING
-v --volume=STRINGARRAY
--volumes-from=STRINGARRAY
--help
`}

var podmanPodCreate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--add-host=STRINGS
--blkio-weight=STRING
--blkio-weight-device=DEVICENAMEWEIGHT
--cgroup-parent=STRING
-c --cpu-shares=UINT
--cpus=FLOAT
--cpuset-cpus=STRING
--cpuset-mems=STRING
--device=STRINGS
--device-read-bps=STRINGS
--device-write-bps=STRINGS
--dns=STRINGS
--dns-option=STRINGS
--dns-search=STRINGS
--exit-policy=STRING
--gidmap=STRINGS
-h --hostname=STRING
--infra
--infra-command=STRING
--infra-conmon-pidfile=STRING
--infra-image=STRING
--infra-name=STRING
--ip=STRING
--ip6=STRING
-l --label=STRINGARRAY
--label-file=STRINGS                 read
--mac-address=STRING
-m --memory=NUMBERUNIT
--memory-swap=STRING
-n --name=STRING
--network=STRINGARRAY
--network-alias=STRINGS
--no-hosts
--pid=STRING
--pod-id-file=STRING
-p --publish=STRINGS
--replace
--security-opt=STRINGARRAY
--share=STRING
--share-parent
--shm-size=NUMBERUNIT
--subgidname=STRING
--subuidname=STRING
--sysctl=STRINGS
--uidmap=STRINGS
--userns=STRING
--uts=STRING
-v --volume=STRINGARRAY
--volumes-from=STRINGARRAY
--help
`}

var podmanPodExists = &Node{Effects: daemonRead, Inherit: true, Opts: `
-h --help
`}

var podmanPodInspect = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --format=STRING
-l --latest
-h --help
`}

var podmanPodKill = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-l --latest
-s --signal=STRING
-h --help
`}

var podmanPodLogs = &Node{Effects: daemonRead, Inherit: true, Opts: `
--color
-c --container=STRING
-f --follow
-l --latest
-n --names
--since=STRING
--tail=INT
-t --timestamps
--until=STRING
-h --help
`}

var podmanPodPause = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-l --latest
-h --help
`}

var podmanPodPrune = &Node{Effects: daemonChange, Inherit: true, Opts: `
-f --force
-h --help
`}

var podmanPodPs = &Node{Effects: daemonRead, Inherit: true, Opts: `
--ctr-ids
--ctr-names
--ctr-status
-f --filter=STRINGS
--format=STRING
-l --latest
--no-trunc
--noheading
--ns
-q --quiet
--sort=STRING
-h --help
`}

var podmanPodRestart = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-l --latest
-h --help
`}

var podmanPodRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-f --force
-i --ignore
-l --latest
--pod-id-file=STRINGARRAY
-t --time=UINT
-h --help
`}

var podmanPodStart = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-l --latest
--pod-id-file=STRINGARRAY
-h --help
`}

var podmanPodStats = &Node{Effects: daemonRead, Inherit: true, Opts: `
-a --all
--format=STRING
-l --latest
--no-reset
--no-stream
-h --help
`}

var podmanPodStop = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-i --ignore
-l --latest
--pod-id-file=STRINGARRAY
-t --time=UINT
-h --help
`}

var podmanPodTop = &Node{Effects: daemonRead, Inherit: true, Opts: `
-l --latest
-h --help
`}

var podmanPodUnpause = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-l --latest
-h --help
`}

var podmanPod = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "clone", Node: podmanPodClone},
	{Name: "create", Node: podmanPodCreate},
	{Name: "exists", Node: podmanPodExists},
	{Name: "inspect", Node: podmanPodInspect},
	{Name: "kill", Node: podmanPodKill},
	{Name: "logs", Node: podmanPodLogs},
	{Name: "pause", Node: podmanPodPause},
	{Name: "prune", Node: podmanPodPrune},
	{Name: "ps", Node: podmanPodPs},
	{Name: "restart", Node: podmanPodRestart},
	{Name: "rm", Node: podmanPodRm},
	{Name: "start", Node: podmanPodStart},
	{Name: "stats", Node: podmanPodStats},
	{Name: "stop", Node: podmanPodStop},
	{Name: "top", Node: podmanPodTop},
	{Name: "unpause", Node: podmanPodUnpause},
}}

var podmanSecretCreate = &Node{Effects: daemonChange, Inherit: true, Opts: `
-d --driver=STRING
--driver-opts=STRINGTOSTRING
--env
-l --label=STRINGARRAY
-h --help
`}

var podmanSecretInspect = &Node{Effects: secretInspect, Inherit: true, Opts: `
-f --format=STRING
--pretty
--showsecret
-h --help
`}

var podmanSecretLs = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --filter=STRINGS
--format=STRING
--noheading
-q --quiet
-h --help
`}

var podmanSecretRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-h --help
`}

var podmanSecret = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: podmanSecretCreate},
	{Name: "inspect", Node: podmanSecretInspect},
	{Name: "ls", Node: podmanSecretLs},
	{Name: "rm", Node: podmanSecretRm},
}}

var podmanSystemConnectionAdd = &Node{Effects: daemonChange, Inherit: true, Opts: `
-d --default
--identity=STRING
-p --port=INT
--socket-path=STRING
-h --help
`}

var podmanSystemConnectionDefault = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanSystemConnectionList = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --format=STRING
-q --quiet
-h --help
`}

var podmanSystemConnectionRemove = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-h --help
`}

var podmanSystemConnectionRename = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanSystemConnection = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "add", Node: podmanSystemConnectionAdd},
	{Name: "default", Node: podmanSystemConnectionDefault},
	{Name: "list", Node: podmanSystemConnectionList},
	{Name: "remove", Node: podmanSystemConnectionRemove},
	{Name: "rename", Node: podmanSystemConnectionRename},
}}

var podmanSystemDf = &Node{Effects: daemonRead, Inherit: true, Opts: `
--format=STRING
-v --verbose
-h --help
`}

var podmanSystemInfo = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --format=STRING
-h --help
`}

var podmanSystemMigrate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--new-runtime=STRING
-h --help
`}

var podmanSystemPrune = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
--filter=STRINGARRAY
-f --force
--volumes
-h --help
`}

var podmanSystemRenumber = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanSystemReset = &Node{Effects: daemonChange, Inherit: true, Opts: `
-f --force
-h --help
`}

var podmanSystemService = &Node{Effects: daemonChange, Inherit: true, Opts: `
--cors=STRING
-t --time=UINT
-h --help
`}

var podmanSystem = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "connection", Node: podmanSystemConnection},
	{Name: "df", Node: podmanSystemDf},
	{Name: "info", Node: podmanSystemInfo},
	{Name: "migrate", Node: podmanSystemMigrate},
	{Name: "prune", Node: podmanSystemPrune},
	{Name: "renumber", Node: podmanSystemRenumber},
	{Name: "reset", Node: podmanSystemReset},
	{Name: "service", Node: podmanSystemService},
}}

var podmanUnshare = &Node{Effects: daemonChange, Inherit: true, POSIX: true, Opts: `
--rootless-netns
-h --help
`}

var podmanVersion = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --format=STRING
-h --help
`}

var podmanVolumeCreate = &Node{Effects: daemonChange, Inherit: true, Opts: `
--driver=STRING
-l --label=STRINGS
-o --opt=STRINGARRAY
-h --help
`}

var podmanVolumeExists = &Node{Effects: daemonRead, Inherit: true, Opts: `
-h --help
`}

var podmanVolumeExport = &Node{Effects: exportContainer, Inherit: true, Opts: `
-o --output=STRING                   write
-h --help
`}

var podmanVolumeImport = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanVolumeInspect = &Node{Effects: daemonRead, Inherit: true, Opts: `
-a --all
-f --format=STRING
-h --help
`}

var podmanVolumeLs = &Node{Effects: daemonRead, Inherit: true, Opts: `
-f --filter=STRINGS
--format=STRING
--noheading
-q --quiet
-h --help
`}

var podmanVolumeMount = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanVolumePrune = &Node{Effects: daemonChange, Inherit: true, Opts: `
--filter=STRINGARRAY
-f --force
-h --help
`}

var podmanVolumeReload = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanVolumeRm = &Node{Effects: daemonChange, Inherit: true, Opts: `
-a --all
-f --force
-t --time=UINT
-h --help
`}

var podmanVolumeUnmount = &Node{Effects: daemonChange, Inherit: true, Opts: `
-h --help
`}

var podmanVolume = &Node{Effects: engineGroup, Inherit: true, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: podmanVolumeCreate},
	{Name: "exists", Node: podmanVolumeExists},
	{Name: "export", Node: podmanVolumeExport},
	{Name: "import", Node: podmanVolumeImport},
	{Name: "inspect", Node: podmanVolumeInspect},
	{Name: "ls", Node: podmanVolumeLs},
	{Name: "mount", Node: podmanVolumeMount},
	{Name: "prune", Node: podmanVolumePrune},
	{Name: "reload", Node: podmanVolumeReload},
	{Name: "rm", Node: podmanVolumeRm},
	{Name: "unmount", Node: podmanVolumeUnmount},
}}

var podmanSubs = []*Sub{
	{Name: "attach", Node: podmanContainerAttach},
	{Name: "auto-update", Node: podmanAutoUpdate},
	{Name: "build", Node: podmanImageBuild},
	{Name: "commit", Node: podmanContainerCommit},
	{Name: "container", Node: podmanContainer},
	{Name: "cp", Node: podmanContainerCp},
	{Name: "create", Node: podmanContainerCreate},
	{Name: "diff", Node: podmanContainerDiff},
	{Name: "events", Node: podmanEvents},
	{Name: "exec", Node: podmanContainerExec},
	{Name: "export", Node: podmanContainerExport},
	{Name: "generate", Node: podmanGenerate},
	{Name: "healthcheck", Node: podmanHealthcheck},
	{Name: "history", Node: podmanImageHistory},
	{Name: "image", Node: podmanImage},
	{Name: "images", Node: podmanImageList},
	{Name: "import", Node: podmanImageImport},
	{Name: "info", Node: podmanInfo},
	{Name: "init", Node: podmanContainerInit},
	{Name: "inspect", Node: podmanInspect},
	{Name: "kill", Node: podmanContainerKill},
	{Name: "kube", Node: podmanKube},
	{Name: "load", Node: podmanImageLoad},
	{Name: "login", Node: podmanLogin},
	{Name: "logout", Node: podmanLogout},
	{Name: "logs", Node: podmanContainerLogs},
	{Name: "machine", Node: podmanMachine},
	{Name: "manifest", Node: podmanManifest},
	{Name: "mount", Node: podmanContainerMount},
	{Name: "network", Node: podmanNetwork},
	{Name: "pause", Node: podmanContainerPause},
	{Name: "pod", Node: podmanPod},
	{Name: "port", Node: podmanContainerPort},
	{Name: "ps", Node: podmanContainerPs},
	{Name: "pull", Node: podmanImagePull},
	{Name: "push", Node: podmanImagePush},
	{Name: "rename", Node: podmanContainerRename},
	{Name: "restart", Node: podmanContainerRestart},
	{Name: "rm", Node: podmanContainerRm},
	{Name: "rmi", Node: podmanImageRm},
	{Name: "run", Node: podmanContainerRun},
	{Name: "save", Node: podmanImageSave},
	{Name: "search", Node: podmanImageSearch},
	{Name: "secret", Node: podmanSecret},
	{Name: "start", Node: podmanContainerStart},
	{Name: "stats", Node: podmanContainerStats},
	{Name: "stop", Node: podmanContainerStop},
	{Name: "system", Node: podmanSystem},
	{Name: "tag", Node: podmanImageTag},
	{Name: "top", Node: podmanContainerTop},
	{Name: "unmount", Node: podmanContainerUnmount},
	{Name: "unpause", Node: podmanContainerUnpause},
	{Name: "unshare", Node: podmanUnshare},
	{Name: "untag", Node: podmanImageUntag},
	{Name: "update", Node: podmanContainerUpdate},
	{Name: "version", Node: podmanVersion},
	{Name: "volume", Node: podmanVolume},
	{Name: "wait", Node: podmanContainerWait},
}
