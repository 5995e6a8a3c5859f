package programs

// The subcommands of docker and their options, as `docker <command> --help` lists
// them; docker.go says what each does.

var dockerContainerRun = &Node{Effects: daemonChange, POSIX: true, Opts: `
--add-host=LIST
--annotation=MAP
-a --attach=LIST
--blkio-weight=UINT16
--blkio-weight-device=LIST
--cap-add=LIST
--cap-drop=LIST
--cgroup-parent=STRING
--cgroupns=STRING
--cidfile=STRING                     write
--cpu-count=INT
--cpu-percent=INT
--cpu-period=INT
--cpu-quota=INT
--cpu-rt-period=INT
--cpu-rt-runtime=INT
-c --cpu-shares=INT
--cpus=DECIMAL
--cpuset-cpus=STRING
--cpuset-mems=STRING
-d --detach
--detach-keys=STRING
--device=LIST
--device-cgroup-rule=LIST
--device-read-bps=LIST
--device-read-iops=LIST
--device-write-bps=LIST
--device-write-iops=LIST
--disable-content-trust
--dns=LIST
--dns-option=LIST
--dns-search=LIST
--domainname=STRING
--entrypoint=STRING
-e --env=LIST
--env-file=LIST                      read
--expose=LIST
--gpus=GPUREQUEST
--group-add=LIST
--health-cmd=STRING
--health-interval=DURATION
--health-retries=INT
--health-start-interval=DURATION
--health-start-period=DURATION
--health-timeout=DURATION
-h --hostname=STRING
--init
-i --interactive
--io-maxbandwidth=BYTES
--io-maxiops=UINT
--ip=STRING
--ip6=STRING
--ipc=STRING
--isolation=STRING
--kernel-memory=BYTES
-l --label=LIST
--label-file=LIST                    read
--link=LIST
--link-local-ip=LIST
--log-driver=STRING
--log-opt=LIST
--mac-address=STRING
-m --memory=BYTES
--memory-reservation=BYTES
--memory-swap=BYTES
--memory-swappiness=INT
--mount=MOUNT
--name=STRING
--network=NETWORK
--network-alias=LIST
--no-healthcheck
--oom-kill-disable
--oom-score-adj=INT
--pid=STRING
--pids-limit=INT
--platform=STRING
--privileged
-p --publish=LIST
-P --publish-all
--pull=STRING
-q --quiet
--read-only
--restart=STRING
--rm
--runtime=STRING
--security-opt=LIST
--shm-size=BYTES
--sig-proxy
--stop-signal=STRING
--stop-timeout=INT
--storage-opt=LIST
--sysctl=MAP
--tmpfs=LIST
-t --tty
--ulimit=ULIMIT
--use-api-socket
-u --user=STRING
--userns=STRING
--uts=STRING
-v --volume=LIST
--volume-driver=STRING
--volumes-from=LIST
-w --workdir=STRING
--help
`}

var dockerContainerExec = &Node{Effects: execInContainer, POSIX: true, Opts: `
-d --detach
--detach-keys=STRING
-e --env=LIST
--env-file=LIST                      read
-i --interactive
--privileged                         change
-t --tty
-u --user=STRING
-w --workdir=STRING
-h --help
`}

var dockerContainerLs = &Node{Effects: daemonRead, Opts: `
-a --all
-f --filter=FILTER
--format=STRING
-n --last=INT
-l --latest
--no-trunc
-q --quiet
-s --size
-h --help
`}

var dockerImageBuild = &Node{Effects: daemonChange, Opts: `
--add-host=LIST
--build-arg=LIST
--cache-from=STRINGS
--cgroup-parent=STRING
--compress
--cpu-period=INT
--cpu-quota=INT
-c --cpu-shares=INT
--cpuset-cpus=STRING
--cpuset-mems=STRING
--disable-content-trust
-f --file=STRING                     read
--force-rm
--iidfile=STRING                     write
--isolation=STRING
--label=LIST
-m --memory=BYTES
--memory-swap=BYTES
--network=STRING
--no-cache
--platform=STRING
--pull
-q --quiet
--rm
--security-opt=STRINGS
--shm-size=BYTES
--squash
-t --tag=LIST
--target=STRING
--ulimit=ULIMIT
-h --help
`}

var dockerImagePull = &Node{Effects: daemonChange, Opts: `
-a --all-tags
--disable-content-trust
--platform=STRING
-q --quiet
-h --help
`}

var dockerImagePush = &Node{Effects: daemonChange, Opts: `
-a --all-tags
--disable-content-trust
--platform=STRING
-q --quiet
-h --help
`}

var dockerImageLs = &Node{Effects: daemonRead, Opts: `
-a --all
--digests
-f --filter=FILTER
--format=STRING
--no-trunc
-q --quiet
--tree
-h --help
`}

var dockerLogin = &Node{Effects: daemonChange, Opts: `
-p --password=STRING
--password-stdin
-u --username=STRING
-h --help
`}

var dockerLogout = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerSearch = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
--limit=INT
--no-trunc
-h --help
`}

var dockerVersion = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
-h --help
`}

var dockerSystemInfo = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
-h --help
`}

var dockerCheckpointCreate = &Node{Effects: daemonChange, Opts: `
--checkpoint-dir=STRING
--leave-running
-h --help
`}

var dockerCheckpointLs = &Node{Effects: daemonRead, Opts: `
--checkpoint-dir=STRING
-h --help
`}

var dockerCheckpointRm = &Node{Effects: daemonChange, Opts: `
--checkpoint-dir=STRING
-h --help
`}

var dockerCheckpoint = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: dockerCheckpointCreate},
	{Name: "ls|list", Node: dockerCheckpointLs},
	{Name: "rm|remove", Node: dockerCheckpointRm},
}}

var dockerContainerAttach = &Node{Effects: daemonChange, Opts: `
--detach-keys=STRING
--no-stdin
--sig-proxy
-h --help
`}

var dockerContainerCommit = &Node{Effects: daemonChange, Opts: `
-a --author=STRING
-c --change=LIST
-m --message=STRING
-p --pause
-h --help
`}

var dockerContainerCp = &Node{Effects: copyContainer, Opts: `
-a --archive
-L --follow-link
-q --quiet
-h --help
`}

var dockerContainerCreate = &Node{Effects: daemonChange, POSIX: true, Opts: `
--add-host=LIST
--annotation=MAP
-a --attach=LIST
--blkio-weight=UINT16
--blkio-weight-device=LIST
--cap-add=LIST
--cap-drop=LIST
--cgroup-parent=STRING
--cgroupns=STRING
--cidfile=STRING                     write
--cpu-count=INT
--cpu-percent=INT
--cpu-period=INT
--cpu-quota=INT
--cpu-rt-period=INT
--cpu-rt-runtime=INT
-c --cpu-shares=INT
--cpus=DECIMAL
--cpuset-cpus=STRING
--cpuset-mems=STRING
--device=LIST
--device-cgroup-rule=LIST
--device-read-bps=LIST
--device-read-iops=LIST
--device-write-bps=LIST
--device-write-iops=LIST
--disable-content-trust
--dns=LIST
--dns-option=LIST
--dns-search=LIST
--domainname=STRING
--entrypoint=STRING
-e --env=LIST
--env-file=LIST                      read
--expose=LIST
--gpus=GPUREQUEST
--group-add=LIST
--health-cmd=STRING
--health-interval=DURATION
--health-retries=INT
--health-start-interval=DURATION
--health-start-period=DURATION
--health-timeout=DURATION
-h --hostname=STRING
--init
-i --interactive
--io-maxbandwidth=BYTES
--io-maxiops=UINT
--ip=STRING
--ip6=STRING
--ipc=STRING
--isolation=STRING
--kernel-memory=BYTES
-l --label=LIST
--label-file=LIST                    read
--link=LIST
--link-local-ip=LIST
--log-driver=STRING
--log-opt=LIST
--mac-address=STRING
-m --memory=BYTES
--memory-reservation=BYTES
--memory-swap=BYTES
--memory-swappiness=INT
--mount=MOUNT
--name=STRING
--network=NETWORK
--network-alias=LIST
--no-healthcheck
--oom-kill-disable
--oom-score-adj=INT
--pid=STRING
--pids-limit=INT
--platform=STRING
--privileged
-p --publish=LIST
-P --publish-all
--pull=STRING
-q --quiet
--read-only
--restart=STRING
--rm
--runtime=STRING
--security-opt=LIST
--shm-size=BYTES
--stop-signal=STRING
--stop-timeout=INT
--storage-opt=LIST
--sysctl=MAP
--tmpfs=LIST
-t --tty
--ulimit=ULIMIT
--use-api-socket
-u --user=STRING
--userns=STRING
--uts=STRING
-v --volume=LIST
--volume-driver=STRING
--volumes-from=LIST
-w --workdir=STRING
--help
`}

var dockerContainerDiff = &Node{Effects: daemonRead, Opts: `
-h --help
`}

var dockerContainerExport = &Node{Effects: exportContainer, Opts: `
-o --output=STRING                   write
-h --help
`}

var dockerContainerInspect = &Node{Effects: inspectEnv, Opts: `
-f --format=STRING
-s --size
-h --help
`}

var dockerContainerKill = &Node{Effects: daemonChange, Opts: `
-s --signal=STRING
-h --help
`}

var dockerContainerLogs = &Node{Effects: daemonRead, Opts: `
--details
-f --follow
--since=STRING
-n --tail=STRING
-t --timestamps
--until=STRING
-h --help
`}

var dockerContainerPause = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerContainerPort = &Node{Effects: daemonRead, Opts: `
-h --help
`}

var dockerContainerPrune = &Node{Effects: daemonChange, Opts: `
--filter=FILTER
-f --force
-h --help
`}

var dockerContainerRename = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerContainerRestart = &Node{Effects: daemonChange, Opts: `
-s --signal=STRING
-t --timeout=INT
-h --help
`}

var dockerContainerRm = &Node{Effects: daemonChange, Opts: `
-f --force
-l --link
-v --volumes
-h --help
`}

var dockerContainerStart = &Node{Effects: daemonChange, Opts: `
-a --attach
--checkpoint=STRING
--checkpoint-dir=STRING
--detach-keys=STRING
-i --interactive
-h --help
`}

var dockerContainerStats = &Node{Effects: daemonRead, Opts: `
-a --all
--format=STRING
--no-stream
--no-trunc
-h --help
`}

var dockerContainerStop = &Node{Effects: daemonChange, Opts: `
-s --signal=STRING
-t --timeout=INT
-h --help
`}

var dockerContainerTop = &Node{Effects: daemonRead, Opts: `
-h --help
`}

var dockerContainerUnpause = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerContainerUpdate = &Node{Effects: daemonChange, Opts: `
--blkio-weight=UINT16
--cpu-period=INT
--cpu-quota=INT
--cpu-rt-period=INT
--cpu-rt-runtime=INT
-c --cpu-shares=INT
--cpus=DECIMAL
--cpuset-cpus=STRING
--cpuset-mems=STRING
-m --memory=BYTES
--memory-reservation=BYTES
--memory-swap=BYTES
--pids-limit=INT
--restart=STRING
-h --help
`}

var dockerContainerWait = &Node{Effects: daemonRead, Opts: `
-h --help
`}

var dockerContainer = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "attach", Node: dockerContainerAttach},
	{Name: "commit", Node: dockerContainerCommit},
	{Name: "cp", Node: dockerContainerCp},
	{Name: "create", Node: dockerContainerCreate},
	{Name: "diff", Node: dockerContainerDiff},
	{Name: "exec", Node: dockerContainerExec},
	{Name: "export", Node: dockerContainerExport},
	{Name: "inspect", Node: dockerContainerInspect},
	{Name: "kill", Node: dockerContainerKill},
	{Name: "logs", Node: dockerContainerLogs},
	{Name: "ls|list|ps", Node: dockerContainerLs},
	{Name: "pause", Node: dockerContainerPause},
	{Name: "port", Node: dockerContainerPort},
	{Name: "prune", Node: dockerContainerPrune},
	{Name: "rename", Node: dockerContainerRename},
	{Name: "restart", Node: dockerContainerRestart},
	{Name: "rm|remove", Node: dockerContainerRm},
	{Name: "run", Node: dockerContainerRun},
	{Name: "start", Node: dockerContainerStart},
	{Name: "stats", Node: dockerContainerStats},
	{Name: "stop", Node: dockerContainerStop},
	{Name: "top", Node: dockerContainerTop},
	{Name: "unpause", Node: dockerContainerUnpause},
	{Name: "update", Node: dockerContainerUpdate},
	{Name: "wait", Node: dockerContainerWait},
}}

var dockerContextCreate = &Node{Effects: daemonChange, Opts: `
--description=STRING
--docker=STRINGTOSTRING
--from=STRING
-h --help
`}

var dockerContextExport = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerContextImport = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerContextInspect = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
-h --help
`}

var dockerContextLs = &Node{Effects: daemonRead, Opts: `
--format=STRING
-q --quiet
-h --help
`}

var dockerContextRm = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerContextShow = &Node{Effects: daemonRead, Opts: `
-h --help
`}

var dockerContextUpdate = &Node{Effects: daemonChange, Opts: `
--description=STRING
--docker=STRINGTOSTRING
-h --help
`}

var dockerContextUse = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerContext = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: dockerContextCreate},
	{Name: "export", Node: dockerContextExport},
	{Name: "import", Node: dockerContextImport},
	{Name: "inspect", Node: dockerContextInspect},
	{Name: "ls|list", Node: dockerContextLs},
	{Name: "rm|remove", Node: dockerContextRm},
	{Name: "show", Node: dockerContextShow},
	{Name: "update", Node: dockerContextUpdate},
	{Name: "use", Node: dockerContextUse},
}}

var dockerImageHistory = &Node{Effects: imageHistory, Opts: `
--format=STRING
-H --human
--no-trunc
--platform=STRING
-q --quiet
-h --help
`}

var dockerImageImport = &Node{Effects: daemonChange, Opts: `
-c --change=LIST
-m --message=STRING
--platform=STRING
-h --help
`}

var dockerImageInspect = &Node{Effects: imageInspect, Opts: `
-f --format=STRING
--platform=STRING
-h --help
`}

var dockerImageLoad = &Node{Effects: daemonChange, Opts: `
-i --input=STRING                    read
--platform=STRING
-q --quiet
-h --help
`}

var dockerImagePrune = &Node{Effects: daemonChange, Opts: `
-a --all
--filter=FILTER
-f --force
-h --help
`}

var dockerImageRm = &Node{Effects: daemonChange, Opts: `
-f --force
--no-prune
--platform=STRINGS
-h --help
`}

var dockerImageSave = &Node{Effects: saveImage, Opts: `
-o --output=STRING                   write
--platform=STRING
-h --help
`}

var dockerImageTag = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerImage = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "build", Node: dockerImageBuild},
	{Name: "history", Node: dockerImageHistory},
	{Name: "import", Node: dockerImageImport},
	{Name: "inspect", Node: dockerImageInspect},
	{Name: "load", Node: dockerImageLoad},
	{Name: "ls|list", Node: dockerImageLs},
	{Name: "prune", Node: dockerImagePrune},
	{Name: "pull", Node: dockerImagePull},
	{Name: "push", Node: dockerImagePush},
	{Name: "rm|remove", Node: dockerImageRm},
	{Name: "save", Node: dockerImageSave},
	{Name: "tag", Node: dockerImageTag},
}}

var dockerManifestAnnotate = &Node{Effects: daemonChange, Opts: `
--arch=STRING
--os=STRING
--os-features=STRINGS
--os-version=STRING
--variant=STRING
-h --help
`}

var dockerManifestCreate = &Node{Effects: daemonChange, Opts: `
-a --amend
--insecure
-h --help
`}

var dockerManifestInspect = &Node{Effects: daemonRead, Opts: `
--insecure
-v --verbose
-h --help
`}

var dockerManifestPush = &Node{Effects: daemonChange, Opts: `
--insecure
-p --purge
-h --help
`}

var dockerManifestRm = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerManifest = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "annotate", Node: dockerManifestAnnotate},
	{Name: "create", Node: dockerManifestCreate},
	{Name: "inspect", Node: dockerManifestInspect},
	{Name: "push", Node: dockerManifestPush},
	{Name: "rm", Node: dockerManifestRm},
}}

var dockerNetworkConnect = &Node{Effects: daemonChange, Opts: `
--alias=STRINGS
--driver-opt=STRINGS
--gw-priority=INT
--ip=STRING
--ip6=STRING
--link=LIST
--link-local-ip=STRINGS
-h --help
`}

var dockerNetworkCreate = &Node{Effects: daemonChange, Opts: `
--attachable
--aux-address=MAP
--config-from=STRING
--config-only
-d --driver=STRING
--gateway=STRINGS
--ingress
--internal
--ip-range=STRINGS
--ipam-driver=STRING
--ipam-opt=MAP
--ipv4
--ipv6
--label=LIST
-o --opt=MAP
--scope=STRING
--subnet=STRINGS
-h --help
`}

var dockerNetworkDisconnect = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerNetworkInspect = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
-v --verbose
-h --help
`}

var dockerNetworkLs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
--no-trunc
-q --quiet
-h --help
`}

var dockerNetworkPrune = &Node{Effects: daemonChange, Opts: `
--filter=FILTER
-f --force
-h --help
`}

var dockerNetworkRm = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerNetwork = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "connect", Node: dockerNetworkConnect},
	{Name: "create", Node: dockerNetworkCreate},
	{Name: "disconnect", Node: dockerNetworkDisconnect},
	{Name: "inspect", Node: dockerNetworkInspect},
	{Name: "ls|list", Node: dockerNetworkLs},
	{Name: "prune", Node: dockerNetworkPrune},
	{Name: "rm|remove", Node: dockerNetworkRm},
}}

var dockerPluginCreate = &Node{Effects: daemonChange, Opts: `
--compress
-h --help
`}

var dockerPluginDisable = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerPluginEnable = &Node{Effects: daemonChange, Opts: `
--timeout=INT
-h --help
`}

var dockerPluginInspect = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
-h --help
`}

var dockerPluginInstall = &Node{Effects: daemonChange, Opts: `
--alias=STRING
--disable
--disable-content-trust
--grant-all-permissions
-h --help
`}

var dockerPluginLs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
--no-trunc
-q --quiet
-h --help
`}

var dockerPluginPush = &Node{Effects: daemonChange, Opts: `
--disable-content-trust
-h --help
`}

var dockerPluginRm = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerPluginSet = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerPluginUpgrade = &Node{Effects: daemonChange, Opts: `
--disable-content-trust
--grant-all-permissions
--skip-remote-check
-h --help
`}

var dockerPlugin = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: dockerPluginCreate},
	{Name: "disable", Node: dockerPluginDisable},
	{Name: "enable", Node: dockerPluginEnable},
	{Name: "inspect", Node: dockerPluginInspect},
	{Name: "install", Node: dockerPluginInstall},
	{Name: "ls|list", Node: dockerPluginLs},
	{Name: "push", Node: dockerPluginPush},
	{Name: "rm|remove", Node: dockerPluginRm},
	{Name: "set", Node: dockerPluginSet},
	{Name: "upgrade", Node: dockerPluginUpgrade},
}}

var dockerSystemDf = &Node{Effects: daemonRead, Opts: `
--format=STRING
-v --verbose
-h --help
`}

var dockerSystemEvents = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
--since=STRING
--until=STRING
-h --help
`}

var dockerSystemPrune = &Node{Effects: daemonChange, Opts: `
-a --all
--filter=FILTER
-f --force
--volumes
-h --help
`}

var dockerSystem = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "df", Node: dockerSystemDf},
	{Name: "events", Node: dockerSystemEvents},
	{Name: "info", Node: dockerSystemInfo},
	{Name: "prune", Node: dockerSystemPrune},
}}

var dockerTrustKeyGenerate = &Node{Effects: daemonChange, Opts: `
--dir=STRING                         write
-h --help
`}

var dockerTrustKeyLoad = &Node{Effects: daemonChange, Opts: `
--name=STRING
-h --help
`}

var dockerTrustKey = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "generate", Node: dockerTrustKeyGenerate},
	{Name: "load", Node: dockerTrustKeyLoad},
}}

var dockerTrustSignerAdd = &Node{Effects: daemonChange, Opts: `
--key=LIST
-h --help
`}

var dockerTrustSignerRemove = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerTrustSigner = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "add", Node: dockerTrustSignerAdd},
	{Name: "remove", Node: dockerTrustSignerRemove},
}}

var dockerTrustInspect = &Node{Effects: daemonRead, Opts: `
--pretty
-h --help
`}

var dockerTrustRevoke = &Node{Effects: daemonChange, Opts: `
-y --yes
-h --help
`}

var dockerTrustSign = &Node{Effects: daemonChange, Opts: `
--local
-h --help
`}

var dockerTrust = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "key", Node: dockerTrustKey},
	{Name: "signer", Node: dockerTrustSigner},
	{Name: "inspect", Node: dockerTrustInspect},
	{Name: "revoke", Node: dockerTrustRevoke},
	{Name: "sign", Node: dockerTrustSign},
}}

var dockerVolumeCreate = &Node{Effects: daemonChange, Opts: `
--availability=STRING
-d --driver=STRING
--group=STRING
--label=LIST
--limit-bytes=BYTES
-o --opt=MAP
--required-bytes=BYTES
--scope=STRING
--secret=MAP
--sharing=STRING
--topology-preferred=LIST
--topology-required=LIST
--type=STRING
-h --help
`}

var dockerVolumeInspect = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
-h --help
`}

var dockerVolumeLs = &Node{Effects: daemonRead, Opts: `
--cluster
-f --filter=FILTER
--format=STRING
-q --quiet
-h --help
`}

var dockerVolumePrune = &Node{Effects: daemonChange, Opts: `
-a --all
--filter=FILTER
-f --force
-h --help
`}

var dockerVolumeRm = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerVolumeUpdate = &Node{Effects: daemonChange, Opts: `
--availability=STRING
-h --help
`}

var dockerVolume = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: dockerVolumeCreate},
	{Name: "inspect", Node: dockerVolumeInspect},
	{Name: "ls|list", Node: dockerVolumeLs},
	{Name: "prune", Node: dockerVolumePrune},
	{Name: "rm|remove", Node: dockerVolumeRm},
	{Name: "update", Node: dockerVolumeUpdate},
}}

var dockerConfigCreate = &Node{Effects: daemonChange, Opts: `
-l --label=LIST
--template-driver=STRING
-h --help
`}

var dockerConfigInspect = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
--pretty
-h --help
`}

var dockerConfigLs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
-q --quiet
-h --help
`}

var dockerConfigRm = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerConfig = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: dockerConfigCreate},
	{Name: "inspect", Node: dockerConfigInspect},
	{Name: "ls|list", Node: dockerConfigLs},
	{Name: "rm|remove", Node: dockerConfigRm},
}}

var dockerNodeDemote = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerNodeInspect = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
--pretty
-h --help
`}

var dockerNodeLs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
-q --quiet
-h --help
`}

var dockerNodePromote = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerNodePs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
--no-resolve
--no-trunc
-q --quiet
-h --help
`}

var dockerNodeRm = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerNodeUpdate = &Node{Effects: daemonChange, Opts: `
--availability=STRING
--label-add=LIST
--label-rm=LIST
--role=STRING
-h --help
`}

var dockerNode = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "demote", Node: dockerNodeDemote},
	{Name: "inspect", Node: dockerNodeInspect},
	{Name: "ls|list", Node: dockerNodeLs},
	{Name: "promote", Node: dockerNodePromote},
	{Name: "ps", Node: dockerNodePs},
	{Name: "rm|remove", Node: dockerNodeRm},
	{Name: "update", Node: dockerNodeUpdate},
}}

var dockerSecretCreate = &Node{Effects: daemonChange, Opts: `
-d --driver=STRING
-l --label=LIST
--template-driver=STRING
-h --help
`}

var dockerSecretInspect = &Node{Effects: daemonRead, Opts: `
-f --format=STRING
--pretty
-h --help
`}

var dockerSecretLs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
-q --quiet
-h --help
`}

var dockerSecretRm = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerSecret = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: dockerSecretCreate},
	{Name: "inspect", Node: dockerSecretInspect},
	{Name: "ls|list", Node: dockerSecretLs},
	{Name: "rm|remove", Node: dockerSecretRm},
}}

var dockerServiceCreate = &Node{Effects: daemonChange, Opts: `
--cap-add=LIST
--cap-drop=LIST
--config=CONFIG
--constraint=LIST
--container-label=LIST
--credential-spec=CREDENTIALSPEC
-d --detach
--dns=LIST
--dns-option=LIST
--dns-search=LIST
--endpoint-mode=STRING
--entrypoint=COMMAND
-e --env=LIST
--env-file=LIST                      read
--generic-resource=LIST
--group=LIST
--health-cmd=STRING
--health-interval=DURATION
--health-retries=INT
--health-start-interval=DURATION
--health-start-period=DURATION
--health-timeout=DURATION
--host=LIST
--hostname=STRING
--init
--isolation=STRING
-l --label=LIST
--limit-cpu=DECIMAL
--limit-memory=BYTES
--limit-pids=INT
--log-driver=STRING
--log-opt=LIST
--max-concurrent=UINT
--mode=STRING
--mount=MOUNT
--name=STRING
--network=NETWORK
--no-healthcheck
--no-resolve-image
--oom-score-adj=INT
--placement-pref=PREF
-p --publish=PORT
-q --quiet
--read-only
--replicas=UINT
--replicas-max-per-node=UINT
--reserve-cpu=DECIMAL
--reserve-memory=BYTES
--restart-condition=STRING
--restart-delay=DURATION
--restart-max-attempts=UINT
--restart-window=DURATION
--rollback-delay=DURATION
--rollback-failure-action=STRING
--rollback-max-failure-ratio=FLOAT
--rollback-monitor=DURATION
--rollback-order=STRING
--rollback-parallelism=UINT
--secret=SECRET
--stop-grace-period=DURATION
--stop-signal=STRING
--sysctl=LIST
-t --tty
--ulimit=ULIMIT
--update-delay=DURATION
--update-failure-action=STRING
--update-max-failure-ratio=FLOAT
--update-monitor=DURATION
--update-order=STRING
--update-parallelism=UINT
-u --user=STRING
--with-registry-auth
-w --workdir=STRING
-h --help
`}

var dockerServiceInspect = &Node{Effects: inspectEnv, Opts: `
-f --format=STRING
--pretty
-h --help
`}

var dockerServiceLogs = &Node{Effects: daemonRead, Opts: `
--details
-f --follow
--no-resolve
--no-task-ids
--no-trunc
--raw
--since=STRING
-n --tail=STRING
-t --timestamps
-h --help
`}

var dockerServiceLs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
-q --quiet
-h --help
`}

var dockerServicePs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
--no-resolve
--no-trunc
-q --quiet
-h --help
`}

var dockerServiceRm = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerServiceRollback = &Node{Effects: daemonChange, Opts: `
-d --detach
-q --quiet
-h --help
`}

var dockerServiceScale = &Node{Effects: daemonChange, Opts: `
-d --detach
-h --help
`}

var dockerServiceUpdate = &Node{Effects: daemonChange, Opts: `
--args=COMMAND
--cap-add=LIST
--cap-drop=LIST
--config-add=CONFIG
--config-rm=LIST
--constraint-add=LIST
--constraint-rm=LIST
--container-label-add=LIST
--container-label-rm=LIST
--credential-spec=CREDENTIALSPEC
-d --detach
--dns-add=LIST
--dns-option-add=LIST
--dns-option-rm=LIST
--dns-rm=LIST
--dns-search-add=LIST
--dns-search-rm=LIST
--endpoint-mode=STRING
--entrypoint=COMMAND
--env-add=LIST
--env-rm=LIST
--force
--generic-resource-add=LIST
--generic-resource-rm=LIST
--group-add=LIST
--group-rm=LIST
--health-cmd=STRING
--health-interval=DURATION
--health-retries=INT
--health-start-interval=DURATION
--health-start-period=DURATION
--health-timeout=DURATION
--host-add=LIST
--host-rm=LIST
--hostname=STRING
--image=STRING
--init
--isolation=STRING
--label-add=LIST
--label-rm=LIST
--limit-cpu=DECIMAL
--limit-memory=BYTES
--limit-pids=INT
--log-driver=STRING
--log-opt=LIST
--max-concurrent=UINT
--mount-add=MOUNT
--mount-rm=LIST
--network-add=NETWORK
--network-rm=LIST
--no-healthcheck
--no-resolve-image
--oom-score-adj=INT
--placement-pref-add=PREF
--placement-pref-rm=PREF
--publish-add=PORT
--publish-rm=PORT
-q --quiet
--read-only
--replicas=UINT
--replicas-max-per-node=UINT
--reserve-cpu=DECIMAL
--reserve-memory=BYTES
--restart-condition=STRING
--restart-delay=DURATION
--restart-max-attempts=UINT
--restart-window=DURATION
--rollback
--rollback-delay=DURATION
--rollback-failure-action=STRING
--rollback-max-failure-ratio=FLOAT
--rollback-monitor=DURATION
--rollback-order=STRING
--rollback-parallelism=UINT
--secret-add=SECRET
--secret-rm=LIST
--stop-grace-period=DURATION
--stop-signal=STRING
--sysctl-add=LIST
--sysctl-rm=LIST
-t --tty
--ulimit-add=ULIMIT
--ulimit-rm=LIST
--update-delay=DURATION
--update-failure-action=STRING
--update-max-failure-ratio=FLOAT
--update-monitor=DURATION
--update-order=STRING
--update-parallelism=UINT
-u --user=STRING
--with-registry-auth
-w --workdir=STRING
-h --help
`}

var dockerService = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "create", Node: dockerServiceCreate},
	{Name: "inspect", Node: dockerServiceInspect},
	{Name: "logs", Node: dockerServiceLogs},
	{Name: "ls|list", Node: dockerServiceLs},
	{Name: "ps", Node: dockerServicePs},
	{Name: "rm|remove", Node: dockerServiceRm},
	{Name: "rollback", Node: dockerServiceRollback},
	{Name: "scale", Node: dockerServiceScale},
	{Name: "update", Node: dockerServiceUpdate},
}}

var dockerStackConfig = &Node{Effects: stackConfig, Opts: `
-c --compose-file=STRINGS            read
--skip-interpolation
-h --help
`}

var dockerStackDeploy = &Node{Effects: daemonChange, Opts: `
-c --compose-file=STRINGS            read
-d --detach
--prune
-q --quiet
--resolve-image=STRING
--with-registry-auth
-h --help
`}

var dockerStackLs = &Node{Effects: daemonRead, Opts: `
--format=STRING
-h --help
`}

var dockerStackPs = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
--no-resolve
--no-trunc
-q --quiet
-h --help
`}

var dockerStackRm = &Node{Effects: daemonChange, Opts: `
-d --detach
-h --help
`}

var dockerStackServices = &Node{Effects: daemonRead, Opts: `
-f --filter=FILTER
--format=STRING
-q --quiet
-h --help
`}

var dockerStack = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "config", Node: dockerStackConfig},
	{Name: "deploy|up", Node: dockerStackDeploy},
	{Name: "ls|list", Node: dockerStackLs},
	{Name: "ps", Node: dockerStackPs},
	{Name: "rm|remove|down", Node: dockerStackRm},
	{Name: "services", Node: dockerStackServices},
}}

var dockerSwarmCa = &Node{Effects: daemonChange, Opts: `
--ca-cert=PEMFILE
--ca-key=PEMFILE
--cert-expiry=DURATION
-d --detach
--external-ca=EXTERNALCA
-q --quiet
--rotate
-h --help
`}

var dockerSwarmInit = &Node{Effects: daemonChange, Opts: `
--advertise-addr=STRING
--autolock
--availability=STRING
--cert-expiry=DURATION
--data-path-addr=STRING
--data-path-port=UINT32
--default-addr-pool=IPNETSLICE
--default-addr-pool-mask-length=UINT32
--dispatcher-heartbeat=DURATION
--external-ca=EXTERNALCA
--force-new-cluster
--listen-addr=NODEADDR
--max-snapshots=UINT
--snapshot-interval=UINT
--task-history-limit=INT
-h --help
`}

var dockerSwarmJoin = &Node{Effects: daemonChange, Opts: `
--advertise-addr=STRING
--availability=STRING
--data-path-addr=STRING
--listen-addr=NODEADDR
--token=STRING
-h --help
`}

var dockerSwarmJoinToken = &Node{Effects: printsSwarmSecret, Opts: `
-q --quiet
--rotate
-h --help
`}

var dockerSwarmLeave = &Node{Effects: daemonChange, Opts: `
-f --force
-h --help
`}

var dockerSwarmUnlock = &Node{Effects: daemonChange, Opts: `
-h --help
`}

var dockerSwarmUnlockKey = &Node{Effects: printsSwarmSecret, Opts: `
-q --quiet
--rotate
-h --help
`}

var dockerSwarmUpdate = &Node{Effects: daemonChange, Opts: `
--autolock
--cert-expiry=DURATION
--dispatcher-heartbeat=DURATION
--external-ca=EXTERNALCA
--max-snapshots=UINT
--snapshot-interval=UINT
--task-history-limit=INT
-h --help
`}

var dockerSwarm = &Node{Effects: engineGroup, Opts: `
-h --help
`, Subs: []*Sub{
	{Name: "ca", Node: dockerSwarmCa},
	{Name: "init", Node: dockerSwarmInit},
	{Name: "join", Node: dockerSwarmJoin},
	{Name: "join-token", Node: dockerSwarmJoinToken},
	{Name: "leave", Node: dockerSwarmLeave},
	{Name: "unlock", Node: dockerSwarmUnlock},
	{Name: "unlock-key", Node: dockerSwarmUnlockKey},
	{Name: "update", Node: dockerSwarmUpdate},
}}

var dockerInspect = &Node{Effects: inspectEnv, Opts: `
-f --format=STRING
-s --size
--type=STRING
-h --help
`}

var dockerSubs = []*Sub{
	{Name: "run", Node: dockerContainerRun},
	{Name: "exec", Node: dockerContainerExec},
	{Name: "ps", Node: dockerContainerLs},
	{Name: "build", Node: dockerImageBuild},
	{Name: "pull", Node: dockerImagePull},
	{Name: "push", Node: dockerImagePush},
	{Name: "images", Node: dockerImageLs},
	{Name: "login", Node: dockerLogin},
	{Name: "logout", Node: dockerLogout},
	{Name: "search", Node: dockerSearch},
	{Name: "version", Node: dockerVersion},
	{Name: "info", Node: dockerSystemInfo},
	{Name: "builder", Node: dockerBuildx},
	{Name: "checkpoint", Node: dockerCheckpoint},
	{Name: "container", Node: dockerContainer},
	{Name: "context", Node: dockerContext},
	{Name: "image", Node: dockerImage},
	{Name: "manifest", Node: dockerManifest},
	{Name: "network", Node: dockerNetwork},
	{Name: "plugin", Node: dockerPlugin},
	{Name: "system", Node: dockerSystem},
	{Name: "trust", Node: dockerTrust},
	{Name: "volume", Node: dockerVolume},
	{Name: "config", Node: dockerConfig},
	{Name: "node", Node: dockerNode},
	{Name: "secret", Node: dockerSecret},
	{Name: "service", Node: dockerService},
	{Name: "stack", Node: dockerStack},
	{Name: "swarm", Node: dockerSwarm},
	{Name: "attach", Node: dockerContainerAttach},
	{Name: "commit", Node: dockerContainerCommit},
	{Name: "cp", Node: dockerContainerCp},
	{Name: "create", Node: dockerContainerCreate},
	{Name: "diff", Node: dockerContainerDiff},
	{Name: "events", Node: dockerSystemEvents},
	{Name: "export", Node: dockerContainerExport},
	{Name: "history", Node: dockerImageHistory},
	{Name: "import", Node: dockerImageImport},
	{Name: "inspect", Node: dockerInspect},
	{Name: "kill", Node: dockerContainerKill},
	{Name: "load", Node: dockerImageLoad},
	{Name: "logs", Node: dockerContainerLogs},
	{Name: "pause", Node: dockerContainerPause},
	{Name: "port", Node: dockerContainerPort},
	{Name: "rename", Node: dockerContainerRename},
	{Name: "restart", Node: dockerContainerRestart},
	{Name: "rm", Node: dockerContainerRm},
	{Name: "rmi", Node: dockerImageRm},
	{Name: "save", Node: dockerImageSave},
	{Name: "start", Node: dockerContainerStart},
	{Name: "stats", Node: dockerContainerStats},
	{Name: "stop", Node: dockerContainerStop},
	{Name: "tag", Node: dockerImageTag},
	{Name: "top", Node: dockerContainerTop},
	{Name: "unpause", Node: dockerContainerUnpause},
	{Name: "update", Node: dockerContainerUpdate},
	{Name: "wait", Node: dockerContainerWait},
}
