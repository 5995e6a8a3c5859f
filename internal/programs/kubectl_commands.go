package programs

// The subcommands of kubectl and their options, as `kubectl <command> --help`
// lists them; kubectl.go says what each does.

var kubectlCreateClusterrole = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--aggregation-rule=VALUE
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--non-resource-url=VALUE
-o --output=VALUE
--resource=VALUE
--resource-name=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
--verb=VALUE
-h --help help
`}

var kubectlCreateClusterrolebinding = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--clusterrole=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
--group=VALUE
-o --output=VALUE
--save-config
--serviceaccount=VALUE
--show-managed-fields
--template=VALUE
--user=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateConfigmap = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--append-hash
--dry-run[=VALUE]
--field-manager=VALUE
--from-env-file=VALUE
--from-file=VALUE
--from-literal=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateCronjob = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--image=VALUE
-o --output=VALUE
--restart=VALUE
--save-config
--schedule=VALUE
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateDeployment = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--image=VALUE
-o --output=VALUE
--port=VALUE
-r --replicas=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateIngress = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--annotation=VALUE
--class=VALUE
--default-backend=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
-o --output=VALUE
--rule=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateJob = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--from=VALUE
--image=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateNamespace = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreatePoddisruptionbudget = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--max-unavailable=VALUE
--min-available=VALUE
-o --output=VALUE
--save-config
--selector=VALUE
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreatePriorityclass = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--description=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
--global-default
-o --output=VALUE
--preemption-policy=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
--value=VALUE
-h --help help
`}

var kubectlCreateQuota = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--hard=VALUE
-o --output=VALUE
--save-config
--scopes=VALUE
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateRole = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-o --output=VALUE
--resource=VALUE
--resource-name=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
--verb=VALUE
-h --help help
`}

var kubectlCreateRolebinding = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--clusterrole=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
--group=VALUE
-o --output=VALUE
--role=VALUE
--save-config
--serviceaccount=VALUE
--show-managed-fields
--template=VALUE
--user=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateSecretDockerRegistry = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--append-hash
--docker-email=VALUE
--docker-password=VALUE
--docker-server=VALUE
--docker-username=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
--from-file=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateSecretGeneric = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--append-hash
--dry-run[=VALUE]
--field-manager=VALUE
--from-env-file=VALUE
--from-file=VALUE
--from-literal=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--template=VALUE
--type=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateSecretTls = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--append-hash
--cert=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
--key=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateSecret = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "docker-registry", Node: kubectlCreateSecretDockerRegistry},
	{Name: "generic", Node: kubectlCreateSecretGeneric},
	{Name: "tls", Node: kubectlCreateSecretTls},
}}

var kubectlCreateServiceClusterip = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--clusterip=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--tcp=VALUE
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateServiceExternalname = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--external-name=VALUE
--field-manager=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--tcp=VALUE
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateServiceLoadbalancer = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--tcp=VALUE
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateServiceNodeport = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--node-port=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--tcp=VALUE
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateService = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "clusterip", Node: kubectlCreateServiceClusterip},
	{Name: "externalname", Node: kubectlCreateServiceExternalname},
	{Name: "loadbalancer", Node: kubectlCreateServiceLoadbalancer},
	{Name: "nodeport", Node: kubectlCreateServiceNodeport},
}}

var kubectlCreateServiceaccount = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-o --output=VALUE
--save-config
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlCreateToken = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--audience=VALUE
--bound-object-kind=VALUE
--bound-object-name=VALUE
--bound-object-uid=VALUE
--duration=VALUE
-o --output=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlCreate = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--edit
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
--raw=VALUE
-R --recursive
--save-config
-l --selector=VALUE
--show-managed-fields
--template=VALUE
--validate[=VALUE]
--windows-line-endings
-h --help help
`, Subs: []*Sub{
	{Name: "clusterrole", Node: kubectlCreateClusterrole},
	{Name: "clusterrolebinding", Node: kubectlCreateClusterrolebinding},
	{Name: "configmap", Node: kubectlCreateConfigmap},
	{Name: "cronjob", Node: kubectlCreateCronjob},
	{Name: "deployment", Node: kubectlCreateDeployment},
	{Name: "ingress", Node: kubectlCreateIngress},
	{Name: "job", Node: kubectlCreateJob},
	{Name: "namespace", Node: kubectlCreateNamespace},
	{Name: "poddisruptionbudget", Node: kubectlCreatePoddisruptionbudget},
	{Name: "priorityclass", Node: kubectlCreatePriorityclass},
	{Name: "quota", Node: kubectlCreateQuota},
	{Name: "role", Node: kubectlCreateRole},
	{Name: "rolebinding", Node: kubectlCreateRolebinding},
	{Name: "secret", Node: kubectlCreateSecret},
	{Name: "service", Node: kubectlCreateService},
	{Name: "serviceaccount", Node: kubectlCreateServiceaccount},
	{Name: "token", Node: kubectlCreateToken},
}}

var kubectlExpose = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--cluster-ip=VALUE
--dry-run[=VALUE]
--external-ip=VALUE
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-l --labels=VALUE
--load-balancer-ip=VALUE
--name=VALUE
-o --output=VALUE
--override-type=VALUE
--overrides=VALUE
--port=VALUE
--protocol=VALUE
-R --recursive
--save-config
--selector=VALUE
--session-affinity=VALUE
--show-managed-fields
--target-port=VALUE
--template=VALUE
--type=VALUE
-h --help help
`}

var kubectlRun = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--annotations=VALUE
--attach
--cascade[=VALUE]
--command
--dry-run[=VALUE]
--env=VALUE
--expose
--field-manager=VALUE
-f --filename=VALUE
--force
--grace-period=VALUE
--image=VALUE
--image-pull-policy=VALUE
-k --kustomize=VALUE
-l --labels=VALUE
--leave-stdin-open
-o --output=VALUE
--override-type=VALUE
--overrides=VALUE
--pod-running-timeout=VALUE
--port=VALUE
--privileged
-q --quiet
-R --recursive
--restart=VALUE
--rm
--save-config
--show-managed-fields
-i --stdin
--template=VALUE
--timeout=VALUE
-t --tty
--wait
-h --help help
`}

var kubectlSetEnv = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
-c --containers=VALUE
--dry-run[=VALUE]
-e --env=VALUE
--field-manager=VALUE
-f --filename=VALUE
--from=VALUE
--keys=VALUE
-k --kustomize=VALUE
--list
--local
-o --output=VALUE
--overwrite
--prefix=VALUE
-R --recursive
--resolve
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlSetImage = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
--local
-o --output=VALUE
-R --recursive
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlSetResources = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
-c --containers=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
--limits=VALUE
--local
-o --output=VALUE
-R --recursive
--requests=VALUE
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlSetSelector = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
--local
-o --output=VALUE
-R --recursive
--resource-version=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlSetServiceaccount = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
--local
-o --output=VALUE
-R --recursive
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlSetSubject = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
--group=VALUE
-k --kustomize=VALUE
--local
-o --output=VALUE
-R --recursive
-l --selector=VALUE
--serviceaccount=VALUE
--show-managed-fields
--template=VALUE
--user=VALUE
-h --help help
`}

var kubectlSet = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "env", Node: kubectlSetEnv},
	{Name: "image", Node: kubectlSetImage},
	{Name: "resources", Node: kubectlSetResources},
	{Name: "selector", Node: kubectlSetSelector},
	{Name: "serviceaccount", Node: kubectlSetServiceaccount},
	{Name: "subject", Node: kubectlSetSubject},
}}

var kubectlExplain = &Node{Effects: kubeRead, Inherit: true, Opts: `
--api-version=VALUE
-o --output=VALUE
--recursive
-h --help help
`}

var kubectlGet = &Node{Effects: kubeGet, Inherit: true, Opts: `
-A --all-namespaces
--allow-missing-template-keys
--chunk-size=VALUE
--field-selector=VALUE
-f --filename=VALUE
--ignore-not-found
-k --kustomize=VALUE
-L --label-columns=VALUE
--no-headers
-o --output=VALUE
--output-watch-events
--raw=VALUE
-R --recursive
-l --selector=VALUE
--server-print
--show-kind
--show-labels
--show-managed-fields
--sort-by=VALUE
--subresource=VALUE
--template=VALUE
-w --watch
--watch-only
-h --help help
`}

var kubectlEdit = &Node{Effects: kubeEdit, Inherit: true, Opts: `
--allow-missing-template-keys
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
--output-patch
-R --recursive
--save-config
--show-managed-fields
--subresource=VALUE
--template=VALUE
--validate[=VALUE]
--windows-line-endings
-h --help help
`}

var kubectlDelete = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
-A --all-namespaces
--cascade[=VALUE]
--dry-run[=VALUE]
--field-selector=VALUE
-f --filename=VALUE
--force
--grace-period=VALUE
--ignore-not-found
-i --interactive
-k --kustomize=VALUE
--now
-o --output=VALUE
--raw=VALUE
-R --recursive
-l --selector=VALUE
--timeout=VALUE
--wait
-h --help help
`}

var kubectlRolloutHistory = &Node{Effects: kubeRead, Inherit: true, Opts: `
--allow-missing-template-keys
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
--revision=VALUE
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlRolloutPause = &Node{Effects: kubeChange, Inherit: true, Opts: `
--allow-missing-template-keys
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlRolloutRestart = &Node{Effects: kubeChange, Inherit: true, Opts: `
--allow-missing-template-keys
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlRolloutResume = &Node{Effects: kubeChange, Inherit: true, Opts: `
--allow-missing-template-keys
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlRolloutStatus = &Node{Effects: kubeRead, Inherit: true, Opts: `
-f --filename=VALUE
-k --kustomize=VALUE
-R --recursive
--revision=VALUE
-l --selector=VALUE
--timeout=VALUE
-w --watch
-h --help help
`}

var kubectlRolloutUndo = &Node{Effects: kubeChange, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
-l --selector=VALUE
--show-managed-fields
--template=VALUE
--to-revision=VALUE
-h --help help
`}

var kubectlRollout = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "history", Node: kubectlRolloutHistory},
	{Name: "pause", Node: kubectlRolloutPause},
	{Name: "restart", Node: kubectlRolloutRestart},
	{Name: "resume", Node: kubectlRolloutResume},
	{Name: "status", Node: kubectlRolloutStatus},
	{Name: "undo", Node: kubectlRolloutUndo},
}}

var kubectlScale = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
--current-replicas=VALUE
--dry-run[=VALUE]
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
--replicas=VALUE
--resource-version=VALUE
-l --selector=VALUE
--show-managed-fields
--template=VALUE
--timeout=VALUE
-h --help help
`}

var kubectlAutoscale = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--cpu-percent=VALUE
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
--max=VALUE
--min=VALUE
--name=VALUE
-o --output=VALUE
-R --recursive
--save-config
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlCertificateApprove = &Node{Effects: kubeChange, Inherit: true, Opts: `
--allow-missing-template-keys
-f --filename=VALUE
--force
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlCertificateDeny = &Node{Effects: kubeChange, Inherit: true, Opts: `
--allow-missing-template-keys
-f --filename=VALUE
--force
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlCertificate = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "approve", Node: kubectlCertificateApprove},
	{Name: "deny", Node: kubectlCertificateDeny},
}}

var kubectlClusterInfoDump = &Node{Effects: kubeRead, Inherit: true, Opts: `
-A --all-namespaces
--allow-missing-template-keys
--namespaces=VALUE
-o --output=VALUE
--output-directory=VALUE                 write
--pod-running-timeout=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlClusterInfo = &Node{Effects: kubeRead, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "dump", Node: kubectlClusterInfoDump},
}}

var kubectlTopNode = &Node{Effects: kubeRead, Inherit: true, Opts: `
--no-headers
-l --selector=VALUE
--show-capacity
--sort-by=VALUE
--use-protocol-buffers
-h --help help
`}

var kubectlTopPod = &Node{Effects: kubeRead, Inherit: true, Opts: `
-A --all-namespaces
--containers
--field-selector=VALUE
--no-headers
-l --selector=VALUE
--sort-by=VALUE
--sum
--use-protocol-buffers
-h --help help
`}

var kubectlTop = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "node|nodes|no", Node: kubectlTopNode},
	{Name: "pod|pods|po", Node: kubectlTopPod},
}}

var kubectlCordon = &Node{Effects: kubeChange, Inherit: true, Opts: `
--dry-run[=VALUE]
-l --selector=VALUE
-h --help help
`}

var kubectlUncordon = &Node{Effects: kubeChange, Inherit: true, Opts: `
--dry-run[=VALUE]
-l --selector=VALUE
-h --help help
`}

var kubectlDrain = &Node{Effects: kubeChange, Inherit: true, Opts: `
--chunk-size=VALUE
--delete-emptydir-data
--disable-eviction
--dry-run[=VALUE]
--force
--grace-period=VALUE
--ignore-daemonsets
--pod-selector=VALUE
-l --selector=VALUE
--skip-wait-for-delete-timeout=VALUE
--timeout=VALUE
-h --help help
`}

var kubectlTaint = &Node{Effects: kubeChange, Inherit: true, Opts: `
--all
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-o --output=VALUE
--overwrite
-l --selector=VALUE
--show-managed-fields
--template=VALUE
--validate[=VALUE]
-h --help help
`}

var kubectlDescribe = &Node{Effects: kubeRead, Inherit: true, Opts: `
-A --all-namespaces
--chunk-size=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-R --recursive
-l --selector=VALUE
--show-events
-h --help help
`}

var kubectlLogs = &Node{Effects: kubeRead, Inherit: true, Opts: `
--all-containers
--all-pods
-c --container=VALUE
-f --follow
--ignore-errors
--insecure-skip-tls-verify-backend
--limit-bytes=VALUE
--max-log-requests=VALUE
--pod-running-timeout=VALUE
--prefix
-p --previous
-l --selector=VALUE
--since=VALUE
--since-time=VALUE
--tail=VALUE
--timestamps
-h --help help
`}

var kubectlAttach = &Node{Effects: kubeChange, Inherit: true, Opts: `
-c --container=VALUE
--pod-running-timeout=VALUE
-q --quiet
-i --stdin
-t --tty
-h --help help
`}

var kubectlExec = &Node{Effects: kubeExec, Inherit: true, Opts: `
-c --container=VALUE
-f --filename=VALUE
--pod-running-timeout=VALUE
-q --quiet
-i --stdin
-t --tty
-h --help help
`}

var kubectlPortForward = &Node{Effects: kubeChange, Inherit: true, Opts: `
--address=VALUE
--pod-running-timeout=VALUE
-h --help help
`}

var kubectlProxy = &Node{Effects: kubeChange, Inherit: true, Opts: `
--accept-hosts=VALUE
--accept-paths=VALUE
--address=VALUE
--api-prefix=VALUE
--append-server-path
--disable-filter
--keepalive=VALUE
-p --port=VALUE
--reject-methods=VALUE
--reject-paths=VALUE
-u --unix-socket=VALUE
-w --www=VALUE
-P --www-prefix=VALUE
-h --help help
`}

var kubectlCp = &Node{Effects: kubeCp, Inherit: true, Opts: `
-c --container=VALUE
--no-preserve
--retries=VALUE
-h --help help
`}

var kubectlAuthCanI = &Node{Effects: kubeRead, Inherit: true, Opts: `
-A --all-namespaces
--list
--no-headers
-q --quiet
--subresource=VALUE
-h --help help
`}

var kubectlAuthReconcile = &Node{Effects: kubeChange, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
--remove-extra-permissions
--remove-extra-subjects
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlAuthWhoami = &Node{Effects: kubeRead, Inherit: true, Opts: `
--allow-missing-template-keys
-o --output=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlAuth = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "can-i", Node: kubectlAuthCanI},
	{Name: "reconcile", Node: kubectlAuthReconcile},
	{Name: "whoami", Node: kubectlAuthWhoami},
}}

var kubectlDebug = &Node{Effects: kubeChange, Inherit: true, Opts: `
--arguments-only
--attach
-c --container=VALUE
--copy-to=VALUE
--custom=VALUE
--env=VALUE
-f --filename=VALUE
--image=VALUE
--image-pull-policy=VALUE
--keep-annotations
--keep-init-containers
--keep-labels
--keep-liveness
--keep-readiness
--keep-startup
--profile=VALUE
-q --quiet
--replace
--same-node
--set-image=VALUE
--share-processes
-i --stdin
--target=VALUE
-t --tty
-h --help help
`}

var kubectlEvents = &Node{Effects: kubeRead, Inherit: true, Opts: `
-A --all-namespaces
--allow-missing-template-keys
--chunk-size=VALUE
--for=VALUE
--no-headers
-o --output=VALUE
--show-managed-fields
--template=VALUE
--types=VALUE
-w --watch
-h --help help
`}

var kubectlDiff = &Node{Effects: kubeDiff, Inherit: true, Opts: `
--concurrency=VALUE
--field-manager=VALUE
-f --filename=VALUE
--force-conflicts
-k --kustomize=VALUE
--prune
--prune-allowlist=VALUE
-R --recursive
-l --selector=VALUE
--server-side
--show-managed-fields
-h --help help
`}

var kubectlApplyEditLastApplied = &Node{Effects: kubeEdit, Inherit: true, Opts: `
--allow-missing-template-keys
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
--show-managed-fields
--template=VALUE
--validate[=VALUE]
--windows-line-endings
-h --help help
`}

var kubectlApplySetLastApplied = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--create-annotation
--dry-run[=VALUE]
-f --filename=VALUE
-o --output=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlApplyViewLastApplied = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
-f --filename=VALUE
-k --kustomize=VALUE
-o --output=VALUE
-R --recursive
-l --selector=VALUE
-h --help help
`}

var kubectlApply = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
--allow-missing-template-keys
--cascade[=VALUE]
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
--force
--force-conflicts
--grace-period=VALUE
-k --kustomize=VALUE
--openapi-patch
-o --output=VALUE
--overwrite
--prune
--prune-allowlist=VALUE
-R --recursive
-l --selector=VALUE
--server-side
--show-managed-fields
--subresource=VALUE
--template=VALUE
--timeout=VALUE
--validate[=VALUE]
--wait
-h --help help
`, Subs: []*Sub{
	{Name: "edit-last-applied", Node: kubectlApplyEditLastApplied},
	{Name: "set-last-applied", Node: kubectlApplySetLastApplied},
	{Name: "view-last-applied", Node: kubectlApplyViewLastApplied},
}}

var kubectlPatch = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
--local
-o --output=VALUE
-p --patch=VALUE
--patch-file=VALUE                       read
-R --recursive
--show-managed-fields
--subresource=VALUE
--template=VALUE
--type=VALUE
-h --help help
`}

var kubectlReplace = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--allow-missing-template-keys
--cascade[=VALUE]
--dry-run[=VALUE]
--field-manager=VALUE
-f --filename=VALUE
--force
--grace-period=VALUE
-k --kustomize=VALUE
-o --output=VALUE
--raw=VALUE
-R --recursive
--save-config
--show-managed-fields
--subresource=VALUE
--template=VALUE
--timeout=VALUE
--validate[=VALUE]
--wait
-h --help help
`}

var kubectlWait = &Node{Effects: kubeGet, Inherit: true, Opts: `
--all
-A --all-namespaces
--allow-missing-template-keys
--field-selector=VALUE
-f --filename=VALUE
--for=VALUE
--local
-o --output=VALUE
-R --recursive
-l --selector=VALUE
--show-managed-fields
--template=VALUE
--timeout=VALUE
-h --help help
`}

var kubectlKustomize = &Node{Effects: kubeKustomize, Inherit: true, Opts: kustomizeBuildOpts}

var kubectlLabel = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
-A --all-namespaces
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--field-selector=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
--list
--local
-o --output=VALUE
--overwrite
-R --recursive
--resource-version=VALUE
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlAnnotate = &Node{Effects: kubeMutate, Inherit: true, Opts: `
--all
-A --all-namespaces
--allow-missing-template-keys
--dry-run[=VALUE]
--field-manager=VALUE
--field-selector=VALUE
-f --filename=VALUE
-k --kustomize=VALUE
--list
--local
-o --output=VALUE
--overwrite
-R --recursive
--resource-version=VALUE
-l --selector=VALUE
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlCompletion = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`}

var kubectlApiResources = &Node{Effects: kubeRead, Inherit: true, Opts: `
--api-group=VALUE
--cached
--categories=VALUE
--namespaced
--no-headers
-o --output=VALUE
--sort-by=VALUE
--verbs=VALUE
-h --help help
`}

var kubectlApiVersions = &Node{Effects: kubeRead, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigCurrentContext = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigDeleteCluster = &Node{Effects: kubeChange, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigDeleteContext = &Node{Effects: kubeChange, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigDeleteUser = &Node{Effects: kubeChange, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigGetClusters = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigGetContexts = &Node{Effects: kubePrints, Inherit: true, Opts: `
--no-headers
-o --output=VALUE
-h --help help
`}

var kubectlConfigGetUsers = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigRenameContext = &Node{Effects: kubeChange, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigSet = &Node{Effects: kubeChange, Inherit: true, Opts: `
--set-raw-bytes
-h --help help
`}

var kubectlConfigSetCluster = &Node{Effects: kubeChange, Inherit: true, Opts: `
--certificate-authority=VALUE            read
--embed-certs
--insecure-skip-tls-verify
--proxy-url=VALUE
--server=VALUE
--tls-server-name=VALUE
-h --help help
`}

var kubectlConfigSetContext = &Node{Effects: kubeChange, Inherit: true, Opts: `
--cluster=VALUE
--current
--namespace=VALUE
--user=VALUE
-h --help help
`}

var kubectlConfigSetCredentials = &Node{Effects: kubeChange, Inherit: true, Opts: `
--auth-provider=VALUE
--auth-provider-arg=VALUE
--client-certificate=VALUE               read
--client-key=VALUE
--embed-certs
--exec-api-version=VALUE
--exec-arg=VALUE
--exec-command=VALUE
--exec-env=VALUE
--exec-interactive-mode=VALUE
--exec-provide-cluster-info
--password=VALUE
--token=VALUE
--username=VALUE
-h --help help
`}

var kubectlConfigUnset = &Node{Effects: kubeChange, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigUseContext = &Node{Effects: kubeChange, Inherit: true, Opts: `
-h --help help
`}

var kubectlConfigView = &Node{Effects: kubeConfigView, Inherit: true, Opts: `
--allow-missing-template-keys
--flatten
--merge
--minify
-o --output=VALUE
--raw
--show-managed-fields
--template=VALUE
-h --help help
`}

var kubectlConfig = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "current-context", Node: kubectlConfigCurrentContext},
	{Name: "delete-cluster", Node: kubectlConfigDeleteCluster},
	{Name: "delete-context", Node: kubectlConfigDeleteContext},
	{Name: "delete-user", Node: kubectlConfigDeleteUser},
	{Name: "get-clusters", Node: kubectlConfigGetClusters},
	{Name: "get-contexts", Node: kubectlConfigGetContexts},
	{Name: "get-users", Node: kubectlConfigGetUsers},
	{Name: "rename-context", Node: kubectlConfigRenameContext},
	{Name: "set", Node: kubectlConfigSet},
	{Name: "set-cluster", Node: kubectlConfigSetCluster},
	{Name: "set-context", Node: kubectlConfigSetContext},
	{Name: "set-credentials", Node: kubectlConfigSetCredentials},
	{Name: "unset", Node: kubectlConfigUnset},
	{Name: "use-context", Node: kubectlConfigUseContext},
	{Name: "view", Node: kubectlConfigView},
}}

var kubectlPluginList = &Node{Effects: kubePrints, Inherit: true, Opts: `
--name-only
-h --help help
`}

var kubectlPlugin = &Node{Effects: kubePrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "list", Node: kubectlPluginList},
}}

var kubectlVersion = &Node{Effects: kubeRead, Inherit: true, Opts: `
--client
-o --output=VALUE
-h --help help
`}

var kubectlSubs = []*Sub{
	{Name: "options", Node: &Node{Effects: kubePrints, Inherit: true, Opts: "-h --help help"}},
	{Name: "create", Node: kubectlCreate},
	{Name: "expose", Node: kubectlExpose},
	{Name: "run", Node: kubectlRun},
	{Name: "set", Node: kubectlSet},
	{Name: "explain", Node: kubectlExplain},
	{Name: "get", Node: kubectlGet},
	{Name: "edit", Node: kubectlEdit},
	{Name: "delete", Node: kubectlDelete},
	{Name: "rollout", Node: kubectlRollout},
	{Name: "scale", Node: kubectlScale},
	{Name: "autoscale", Node: kubectlAutoscale},
	{Name: "certificate", Node: kubectlCertificate},
	{Name: "cluster-info", Node: kubectlClusterInfo},
	{Name: "top", Node: kubectlTop},
	{Name: "cordon", Node: kubectlCordon},
	{Name: "uncordon", Node: kubectlUncordon},
	{Name: "drain", Node: kubectlDrain},
	{Name: "taint", Node: kubectlTaint},
	{Name: "describe", Node: kubectlDescribe},
	{Name: "logs", Node: kubectlLogs},
	{Name: "attach", Node: kubectlAttach},
	{Name: "exec", Node: kubectlExec},
	{Name: "port-forward", Node: kubectlPortForward},
	{Name: "proxy", Node: kubectlProxy},
	{Name: "cp", Node: kubectlCp},
	{Name: "auth", Node: kubectlAuth},
	{Name: "debug", Node: kubectlDebug},
	{Name: "events", Node: kubectlEvents},
	{Name: "diff", Node: kubectlDiff},
	{Name: "apply", Node: kubectlApply},
	{Name: "patch", Node: kubectlPatch},
	{Name: "replace", Node: kubectlReplace},
	{Name: "wait", Node: kubectlWait},
	{Name: "kustomize", Node: kubectlKustomize},
	{Name: "label", Node: kubectlLabel},
	{Name: "annotate", Node: kubectlAnnotate},
	{Name: "completion", Node: kubectlCompletion},
	{Name: "api-resources", Node: kubectlApiResources},
	{Name: "api-versions", Node: kubectlApiVersions},
	{Name: "config", Node: kubectlConfig},
	{Name: "plugin", Node: kubectlPlugin},
	{Name: "version", Node: kubectlVersion},
}
