package programs

// The subcommands of gh and their options, as `gh <command> --help` lists
// them; gh.go says what each does.

var ghAuthLogin = &Node{Effects: ghChange, Inherit: true, Opts: `
-p --git-protocol=VALUE
-h --hostname=VALUE
-s --scopes=VALUE
-w --web
--with-token
--help help
`}

var ghAuthLogout = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --hostname=VALUE
--help help
`}

var ghAuthRefresh = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --hostname=VALUE
-s --scopes=VALUE
--help help
`}

var ghAuthSetupGit = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --hostname=VALUE
--help help
`}

var ghAuthStatus = &Node{Effects: ghAuthStatusEffects, Inherit: true, Opts: `
-h --hostname=VALUE
-t --show-token
--help help
`}

var ghAuthToken = &Node{Effects: ghSecretEffects, Inherit: true, Opts: `
-h --hostname=VALUE
--help help
`}

var ghAuth = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "login", Node: ghAuthLogin},
	{Name: "logout", Node: ghAuthLogout},
	{Name: "refresh", Node: ghAuthRefresh},
	{Name: "setup-git", Node: ghAuthSetupGit},
	{Name: "status", Node: ghAuthStatus},
	{Name: "token", Node: ghAuthToken},
}}

var ghBrowse = &Node{Effects: ghBrowseEffects, Inherit: true, Opts: `
-b --branch=VALUE
-c --commit
-n --no-browser
-p --projects
-R --repo=VALUE
-s --settings
-w --wiki
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghCodespaceCode = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --codespace=VALUE
--insiders
-w --web
-h --help help
`}

var ghCodespaceCp = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --codespace=VALUE
-e --expand
-p --profile=VALUE
-r --recursive
-h --help help
`}

var ghCodespaceCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
-b --branch=VALUE
--default-permissions
--devcontainer-path=VALUE
-d --display-name=VALUE
--idle-timeout=VALUE
-l --location=VALUE
-m --machine=VALUE
-R --repo=VALUE
--retention-period=VALUE
-s --status
-h --help help
`}

var ghCodespaceDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
--all
-c --codespace=VALUE
--days=VALUE
-f --force
-o --org=VALUE
-R --repo=VALUE
-u --user=VALUE
-h --help help
`}

var ghCodespaceEdit = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --codespace=VALUE
-d --display-name=VALUE
-m --machine=VALUE
-h --help help
`}

var ghCodespaceJupyter = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --codespace=VALUE
-h --help help
`}

var ghCodespaceList = &Node{Effects: ghRead, Inherit: true, Opts: `
-q --jq=VALUE
--json=VALUE
-L --limit=VALUE
-o --org=VALUE
-R --repo=VALUE
-t --template=VALUE
-u --user=VALUE
-h --help help
`}

var ghCodespaceLogs = &Node{Effects: ghRead, Inherit: true, Opts: `
-c --codespace=VALUE
-f --follow
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghCodespacePortsForward = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghCodespacePortsVisibility = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghCodespacePorts = &Node{Effects: ghPrints, Inherit: true, Opts: `
-c --codespace=VALUE
-q --jq=VALUE
--json=VALUE
-t --template=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "forward", Node: ghCodespacePortsForward},
	{Name: "visibility", Node: ghCodespacePortsVisibility},
}}

var ghCodespaceRebuild = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --codespace=VALUE
--full
-h --help help
`}

var ghCodespaceSsh = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --codespace=VALUE
--config
-d --debug
--debug-file=VALUE
--profile=VALUE
--server-port=VALUE
-h --help help
`}

var ghCodespaceStop = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --codespace=VALUE
-o --org=VALUE
-u --user=VALUE
-h --help help
`}

var ghCodespace = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "code", Node: ghCodespaceCode},
	{Name: "cp", Node: ghCodespaceCp},
	{Name: "create", Node: ghCodespaceCreate},
	{Name: "delete", Node: ghCodespaceDelete},
	{Name: "edit", Node: ghCodespaceEdit},
	{Name: "jupyter", Node: ghCodespaceJupyter},
	{Name: "list", Node: ghCodespaceList},
	{Name: "logs", Node: ghCodespaceLogs},
	{Name: "ports", Node: ghCodespacePorts},
	{Name: "rebuild", Node: ghCodespaceRebuild},
	{Name: "ssh", Node: ghCodespaceSsh},
	{Name: "stop", Node: ghCodespaceStop},
}}

var ghGistClone = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghGistCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
-d --desc=VALUE
-f --filename=VALUE
-p --public
-w --web
-h --help help
`}

var ghGistDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghGistEdit = &Node{Effects: ghChange, Inherit: true, Opts: `
-a --add=VALUE
-d --desc=VALUE
-f --filename=VALUE
-h --help help
`}

var ghGistList = &Node{Effects: ghRead, Inherit: true, Opts: `
-L --limit=VALUE
--public
--secret
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghGistView = &Node{Effects: ghRead, Inherit: true, Opts: `
-f --filename=VALUE
--files
-r --raw
-w --web
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghGist = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "clone", Node: ghGistClone},
	{Name: "create", Node: ghGistCreate},
	{Name: "delete", Node: ghGistDelete},
	{Name: "edit", Node: ghGistEdit},
	{Name: "list", Node: ghGistList},
	{Name: "view", Node: ghGistView},
}}

var ghIssueCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
-a --assignee=VALUE
-b --body=VALUE
-F --body-file=VALUE                  read
-l --label=VALUE
-m --milestone=VALUE
-p --project=VALUE
--recover=VALUE
-t --title=VALUE
-w --web
-h --help help
`}

var ghIssueList = &Node{Effects: ghRead, Inherit: true, Opts: `
--app=VALUE
-a --assignee=VALUE
-A --author=VALUE
-q --jq=VALUE
--json=VALUE
-l --label=VALUE
-L --limit=VALUE
--mention=VALUE
-m --milestone=VALUE
-S --search=VALUE
-s --state=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghIssueStatus = &Node{Effects: ghRead, Inherit: true, Opts: `
-q --jq=VALUE
--json=VALUE
-t --template=VALUE
-h --help help
`}

var ghIssueClose = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --comment=VALUE
-r --reason=VALUE
-h --help help
`}

var ghIssueComment = &Node{Effects: ghChange, Inherit: true, Opts: `
-b --body=VALUE
-F --body-file=VALUE                  read
--edit-last
-e --editor
-w --web
-h --help help
`}

var ghIssueDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
--yes
-h --help help
`}

var ghIssueDevelop = &Node{Effects: ghChange, Inherit: true, Opts: `
-b --base=VALUE
-c --checkout
-i --issue-repo=VALUE
-l --list
-n --name=VALUE
-h --help help
`}

var ghIssueEdit = &Node{Effects: ghChange, Inherit: true, Opts: `
--add-assignee=VALUE
--add-label=VALUE
--add-project=VALUE
-b --body=VALUE
-F --body-file=VALUE                  read
-m --milestone=VALUE
--remove-assignee=VALUE
--remove-label=VALUE
--remove-project=VALUE
-t --title=VALUE
-h --help help
`}

var ghIssueLock = &Node{Effects: ghChange, Inherit: true, Opts: `
-r --reason=VALUE
-h --help help
`}

var ghIssuePin = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghIssueReopen = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --comment=VALUE
-h --help help
`}

var ghIssueTransfer = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghIssueUnlock = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghIssueUnpin = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghIssueView = &Node{Effects: ghRead, Inherit: true, Opts: `
-c --comments
-q --jq=VALUE
--json=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghIssue = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "create", Node: ghIssueCreate},
	{Name: "list", Node: ghIssueList},
	{Name: "status", Node: ghIssueStatus},
	{Name: "close", Node: ghIssueClose},
	{Name: "comment", Node: ghIssueComment},
	{Name: "delete", Node: ghIssueDelete},
	{Name: "develop", Node: ghIssueDevelop},
	{Name: "edit", Node: ghIssueEdit},
	{Name: "lock", Node: ghIssueLock},
	{Name: "pin", Node: ghIssuePin},
	{Name: "reopen", Node: ghIssueReopen},
	{Name: "transfer", Node: ghIssueTransfer},
	{Name: "unlock", Node: ghIssueUnlock},
	{Name: "unpin", Node: ghIssueUnpin},
	{Name: "view", Node: ghIssueView},
}}

var ghPrCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
-a --assignee=VALUE
-B --base=VALUE
-b --body=VALUE
-F --body-file=VALUE                  read
-d --draft
-f --fill
-H --head=VALUE
-l --label=VALUE
-m --milestone=VALUE
--no-maintainer-edit
-p --project=VALUE
--recover=VALUE
-r --reviewer=VALUE
-t --title=VALUE
-w --web
-h --help help
`}

var ghPrList = &Node{Effects: ghRead, Inherit: true, Opts: `
--app=VALUE
-a --assignee=VALUE
-A --author=VALUE
-B --base=VALUE
-d --draft
-H --head=VALUE
-q --jq=VALUE
--json=VALUE
-l --label=VALUE
-L --limit=VALUE
-S --search=VALUE
-s --state=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghPrStatus = &Node{Effects: ghRead, Inherit: true, Opts: `
-c --conflict-status
-q --jq=VALUE
--json=VALUE
-t --template=VALUE
-h --help help
`}

var ghPrCheckout = &Node{Effects: ghChange, Inherit: true, Opts: `
-b --branch=VALUE
--detach
-f --force
--recurse-submodules
-h --help help
`}

var ghPrChecks = &Node{Effects: ghRead, Inherit: true, Opts: `
-i --interval=VALUE
--required
--watch
-w --web
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghPrClose = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --comment=VALUE
-d --delete-branch
-h --help help
`}

var ghPrComment = &Node{Effects: ghChange, Inherit: true, Opts: `
-b --body=VALUE
-F --body-file=VALUE                  read
--edit-last
-e --editor
-w --web
-h --help help
`}

var ghPrDiff = &Node{Effects: ghRead, Inherit: true, Opts: `
--color=VALUE
--name-only
--patch
-w --web
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghPrEdit = &Node{Effects: ghChange, Inherit: true, Opts: `
--add-assignee=VALUE
--add-label=VALUE
--add-project=VALUE
--add-reviewer=VALUE
-B --base=VALUE
-b --body=VALUE
-F --body-file=VALUE                  read
-m --milestone=VALUE
--remove-assignee=VALUE
--remove-label=VALUE
--remove-project=VALUE
--remove-reviewer=VALUE
-t --title=VALUE
-h --help help
`}

var ghPrLock = &Node{Effects: ghChange, Inherit: true, Opts: `
-r --reason=VALUE
-h --help help
`}

var ghPrMerge = &Node{Effects: ghChange, Inherit: true, Opts: `
--admin
-A --author-email=VALUE
--auto
-b --body=VALUE
-F --body-file=VALUE                  read
-d --delete-branch
--disable-auto
--match-head-commit=VALUE
-m --merge
-r --rebase
-s --squash
-t --subject=VALUE
-h --help help
`}

var ghPrReady = &Node{Effects: ghChange, Inherit: true, Opts: `
--undo
-h --help help
`}

var ghPrReopen = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --comment=VALUE
-h --help help
`}

var ghPrReview = &Node{Effects: ghChange, Inherit: true, Opts: `
-a --approve
-b --body=VALUE
-F --body-file=VALUE                  read
-c --comment
-r --request-changes
-h --help help
`}

var ghPrUnlock = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghPrView = &Node{Effects: ghRead, Inherit: true, Opts: `
-c --comments
-q --jq=VALUE
--json=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghPr = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "create", Node: ghPrCreate},
	{Name: "list", Node: ghPrList},
	{Name: "status", Node: ghPrStatus},
	{Name: "checkout", Node: ghPrCheckout},
	{Name: "checks", Node: ghPrChecks},
	{Name: "close", Node: ghPrClose},
	{Name: "comment", Node: ghPrComment},
	{Name: "diff", Node: ghPrDiff},
	{Name: "edit", Node: ghPrEdit},
	{Name: "lock", Node: ghPrLock},
	{Name: "merge", Node: ghPrMerge},
	{Name: "ready", Node: ghPrReady},
	{Name: "reopen", Node: ghPrReopen},
	{Name: "review", Node: ghPrReview},
	{Name: "unlock", Node: ghPrUnlock},
	{Name: "view", Node: ghPrView},
}}

var ghReleaseCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
--discussion-category=VALUE
-d --draft
--generate-notes
--latest
-n --notes=VALUE
-F --notes-file=VALUE                 read
--notes-start-tag=VALUE
-p --prerelease
--target=VALUE
-t --title=VALUE
--verify-tag
-h --help help
`}

var ghReleaseList = &Node{Effects: ghRead, Inherit: true, Opts: `
--exclude-drafts
--exclude-pre-releases
-L --limit=VALUE
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghReleaseDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
--cleanup-tag
-y --yes
-h --help help
`}

var ghReleaseDeleteAsset = &Node{Effects: ghChange, Inherit: true, Opts: `
-y --yes
-h --help help
`}

var ghReleaseDownload = &Node{Effects: ghChange, Inherit: true, Opts: `
-A --archive=VALUE
--clobber
-D --dir=VALUE
-O --output=VALUE
-p --pattern=VALUE
--skip-existing
-h --help help
`}

var ghReleaseEdit = &Node{Effects: ghChange, Inherit: true, Opts: `
--discussion-category=VALUE
--draft
--latest
-n --notes=VALUE
-F --notes-file=VALUE                 read
--prerelease
--tag=VALUE
--target=VALUE
-t --title=VALUE
-h --help help
`}

var ghReleaseUpload = &Node{Effects: ghChange, Inherit: true, Opts: `
--clobber
-h --help help
`}

var ghReleaseView = &Node{Effects: ghRead, Inherit: true, Opts: `
-q --jq=VALUE
--json=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghRelease = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "create", Node: ghReleaseCreate},
	{Name: "list", Node: ghReleaseList},
	{Name: "delete", Node: ghReleaseDelete},
	{Name: "delete-asset", Node: ghReleaseDeleteAsset},
	{Name: "download", Node: ghReleaseDownload},
	{Name: "edit", Node: ghReleaseEdit},
	{Name: "upload", Node: ghReleaseUpload},
	{Name: "view", Node: ghReleaseView},
}}

var ghRepoCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
--add-readme
-c --clone
-d --description=VALUE
--disable-issues
--disable-wiki
-g --gitignore=VALUE
-h --homepage=VALUE
--include-all-branches
--internal
-l --license=VALUE
--private
--public
--push
-r --remote=VALUE
-s --source=VALUE
-t --team=VALUE
-p --template=VALUE
--help help
`}

var ghRepoList = &Node{Effects: ghRead, Inherit: true, Opts: `
--archived
--fork
-q --jq=VALUE
--json=VALUE
-l --language=VALUE
-L --limit=VALUE
--no-archived
--source
-t --template=VALUE
--topic=VALUE
--visibility=VALUE
-h --help help
`}

var ghRepoArchive = &Node{Effects: ghChange, Inherit: true, Opts: `
-y --yes
-h --help help
`}

var ghRepoClone = &Node{Effects: ghChange, Inherit: true, Opts: `
-u --upstream-remote-name=VALUE
-h --help help
`}

var ghRepoDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
--yes
-h --help help
`}

var ghRepoDeployKeyAdd = &Node{Effects: ghChange, Inherit: true, Opts: `
-w --allow-write
-t --title=VALUE
-h --help help
`}

var ghRepoDeployKeyDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghRepoDeployKeyList = &Node{Effects: ghRead, Inherit: true, Opts: `
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghRepoDeployKey = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "add", Node: ghRepoDeployKeyAdd},
	{Name: "delete", Node: ghRepoDeployKeyDelete},
	{Name: "list", Node: ghRepoDeployKeyList},
}}

var ghRepoEdit = &Node{Effects: ghChange, Inherit: true, Opts: `
--add-topic=VALUE
--allow-forking
--allow-update-branch
--default-branch=VALUE
--delete-branch-on-merge
-d --description=VALUE
--enable-auto-merge
--enable-discussions
--enable-issues
--enable-merge-commit
--enable-projects
--enable-rebase-merge
--enable-squash-merge
--enable-wiki
-h --homepage=VALUE
--remove-topic=VALUE
--template
--visibility=VALUE
--help help
`}

var ghRepoFork = &Node{Effects: ghChange, Inherit: true, Opts: `
--clone
--default-branch-only
--fork-name=VALUE
--org=VALUE
--remote
--remote-name=VALUE
-h --help help
`}

var ghRepoRename = &Node{Effects: ghChange, Inherit: true, Opts: `
-R --repo=VALUE
-y --yes
-h --help help
`}

var ghRepoSetDefault = &Node{Effects: ghChange, Inherit: true, Opts: `
-u --unset
-v --view
-h --help help
`}

var ghRepoSync = &Node{Effects: ghChange, Inherit: true, Opts: `
-b --branch=VALUE
--force
-s --source=VALUE
-h --help help
`}

var ghRepoView = &Node{Effects: ghRead, Inherit: true, Opts: `
-b --branch=VALUE
-q --jq=VALUE
--json=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghRepo = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "create", Node: ghRepoCreate},
	{Name: "list", Node: ghRepoList},
	{Name: "archive", Node: ghRepoArchive},
	{Name: "clone", Node: ghRepoClone},
	{Name: "delete", Node: ghRepoDelete},
	{Name: "deploy-key", Node: ghRepoDeployKey},
	{Name: "edit", Node: ghRepoEdit},
	{Name: "fork", Node: ghRepoFork},
	{Name: "rename", Node: ghRepoRename},
	{Name: "set-default", Node: ghRepoSetDefault},
	{Name: "sync", Node: ghRepoSync},
	{Name: "view", Node: ghRepoView},
	{Name: "license|gitignore|autolink", Node: &Node{Effects: ghPrints, Inherit: true, Opts: "-h --help help", Subs: []*Sub{
		{Name: "list|ls|view", Node: &Node{Effects: ghRead, Inherit: true, Loose: true, Opts: "-w --web\n--json=FIELDS\n-q --jq=EXPR\n-t --template=TEMPLATE\n-h --help help"}},
		{Name: "create|delete", Node: &Node{Effects: ghChange, Inherit: true, Operands: true, Loose: true}},
	}}},
}}

var ghRunCancel = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghRunDownload = &Node{Effects: ghChange, Inherit: true, Opts: `
-D --dir=VALUE
-n --name=VALUE
-p --pattern=VALUE
-h --help help
`}

var ghRunList = &Node{Effects: ghRead, Inherit: true, Opts: `
-b --branch=VALUE
-q --jq=VALUE
--json=VALUE
-L --limit=VALUE
-t --template=VALUE
-u --user=VALUE
-w --workflow=VALUE
-h --help help
`}

var ghRunRerun = &Node{Effects: ghChange, Inherit: true, Opts: `
-d --debug
--failed
-j --job=VALUE
-h --help help
`}

var ghRunView = &Node{Effects: ghRead, Inherit: true, Opts: `
--exit-status
-j --job=VALUE
-q --jq=VALUE
--json=VALUE
--log
--log-failed
-t --template=VALUE
-v --verbose
-w --web
-h --help help
`}

var ghRunWatch = &Node{Effects: ghRead, Inherit: true, Opts: `
--exit-status
-i --interval=VALUE
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghRun = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "cancel", Node: ghRunCancel},
	{Name: "download", Node: ghRunDownload},
	{Name: "list", Node: ghRunList},
	{Name: "rerun", Node: ghRunRerun},
	{Name: "view", Node: ghRunView},
	{Name: "watch", Node: ghRunWatch},
}}

var ghWorkflowDisable = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghWorkflowEnable = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghWorkflowList = &Node{Effects: ghRead, Inherit: true, Opts: `
-a --all
-L --limit=VALUE
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghWorkflowRun = &Node{Effects: ghChange, Inherit: true, Opts: `
-F --field=VALUE
--json
-f --raw-field=VALUE
-r --ref=VALUE
-h --help help
`}

var ghWorkflowView = &Node{Effects: ghRead, Inherit: true, Opts: `
-r --ref=VALUE
-w --web
-y --yaml
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghWorkflow = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "disable", Node: ghWorkflowDisable},
	{Name: "enable", Node: ghWorkflowEnable},
	{Name: "list", Node: ghWorkflowList},
	{Name: "run", Node: ghWorkflowRun},
	{Name: "view", Node: ghWorkflowView},
}}

var ghAliasDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghAliasList = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`}

var ghAliasSet = &Node{Effects: ghChange, Inherit: true, Opts: `
-s --shell
-h --help help
`}

var ghAlias = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "delete", Node: ghAliasDelete},
	{Name: "list", Node: ghAliasList},
	{Name: "set", Node: ghAliasSet},
}}

var ghApi = &Node{Effects: ghAPIEffects, Inherit: true, Opts: `
--cache=VALUE
-F --field=VALUE
-H --header=VALUE
--hostname=VALUE
-i --include
--input=VALUE                         read
-q --jq=VALUE
-X --method=VALUE
--paginate
-p --preview=VALUE
-f --raw-field=VALUE
--silent
-t --template=VALUE
-h --help help
`}

var ghCompletion = &Node{Effects: ghPrints, Inherit: true, Opts: `
-s --shell=VALUE
-h --help help
`}

var ghConfigGet = &Node{Effects: ghConfigGetEffects, Inherit: true, Opts: `
-h --host=VALUE
--help help
`}

var ghConfigList = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --host=VALUE
--help help
`}

var ghConfigSet = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --host=VALUE
--help help
`}

var ghConfig = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "get", Node: ghConfigGet},
	{Name: "list", Node: ghConfigList},
	{Name: "set", Node: ghConfigSet},
}}

var ghExtensionBrowse = &Node{Effects: ghChange, Inherit: true, Opts: `
--debug
-s --single-column
-h --help help
`}

var ghExtensionCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
--precompiled=VALUE
-h --help help
`}

var ghExtensionExec = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghExtensionInstall = &Node{Effects: ghChange, Inherit: true, Opts: `
--pin=VALUE
-h --help help
`}

var ghExtensionList = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`}

var ghExtensionRemove = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghExtensionSearch = &Node{Effects: ghRead, Inherit: true, Opts: `
-q --jq=VALUE
--json=VALUE
--license=VALUE
-L --limit=VALUE
--order=VALUE
--owner=VALUE
--sort=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghExtensionUpgrade = &Node{Effects: ghChange, Inherit: true, Opts: `
--all
--dry-run
--force
-h --help help
`}

var ghExtension = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "browse", Node: ghExtensionBrowse},
	{Name: "create", Node: ghExtensionCreate},
	{Name: "exec", Node: ghExtensionExec},
	{Name: "install", Node: ghExtensionInstall},
	{Name: "list", Node: ghExtensionList},
	{Name: "remove", Node: ghExtensionRemove},
	{Name: "search", Node: ghExtensionSearch},
	{Name: "upgrade", Node: ghExtensionUpgrade},
}}

var ghGpgKeyAdd = &Node{Effects: ghChange, Inherit: true, Opts: `
-h --help help
`}

var ghGpgKeyDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
-y --yes
-h --help help
`}

var ghGpgKeyList = &Node{Effects: ghRead, Inherit: true, Opts: `
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghGpgKey = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "add", Node: ghGpgKeyAdd},
	{Name: "delete", Node: ghGpgKeyDelete},
	{Name: "list", Node: ghGpgKeyList},
}}

var ghLabelClone = &Node{Effects: ghChange, Inherit: true, Opts: `
-f --force
-h --help help
`}

var ghLabelCreate = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --color=VALUE
-d --description=VALUE
-f --force
-h --help help
`}

var ghLabelDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
--yes
-h --help help
`}

var ghLabelEdit = &Node{Effects: ghChange, Inherit: true, Opts: `
-c --color=VALUE
-d --description=VALUE
-n --name=VALUE
-h --help help
`}

var ghLabelList = &Node{Effects: ghRead, Inherit: true, Opts: `
-q --jq=VALUE
--json=VALUE
-L --limit=VALUE
--order=VALUE
-S --search=VALUE
--sort=VALUE
-t --template=VALUE
-w --web
-h --help help
`}

var ghLabel = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "clone", Node: ghLabelClone},
	{Name: "create", Node: ghLabelCreate},
	{Name: "delete", Node: ghLabelDelete},
	{Name: "edit", Node: ghLabelEdit},
	{Name: "list", Node: ghLabelList},
}}

var ghSearchCommits = &Node{Effects: ghRead, Inherit: true, Opts: `
--author=VALUE
--author-date=VALUE
--author-email=VALUE
--author-name=VALUE
--committer=VALUE
--committer-date=VALUE
--committer-email=VALUE
--committer-name=VALUE
--hash=VALUE
-q --jq=VALUE
--json=VALUE
-L --limit=VALUE
--merge
--order=VALUE
--owner=VALUE
--parent=VALUE
--repo=VALUE
--sort=VALUE
-t --template=VALUE
--tree=VALUE
--visibility=VALUE
-w --web
-h --help help
`}

var ghSearchIssues = &Node{Effects: ghRead, Inherit: true, Opts: `
--app=VALUE
--archived
--assignee=VALUE
--author=VALUE
--closed=VALUE
--commenter=VALUE
--comments=VALUE
--created=VALUE
--include-prs
--interactions=VALUE
--involves=VALUE
-q --jq=VALUE
--json=VALUE
--label=VALUE
--language=VALUE
-L --limit=VALUE
--locked
--match=VALUE
--mentions=VALUE
--milestone=VALUE
--no-assignee
--no-label
--no-milestone
--no-project
--order=VALUE
--owner=VALUE
--project=VALUE
--reactions=VALUE
--repo=VALUE
--sort=VALUE
--state=VALUE
--team-mentions=VALUE
-t --template=VALUE
--updated=VALUE
--visibility=VALUE
-w --web
-h --help help
`}

var ghSearchPrs = &Node{Effects: ghRead, Inherit: true, Opts: `
--app=VALUE
--archived
--assignee=VALUE
--author=VALUE
-B --base=VALUE
--checks=VALUE
--closed=VALUE
--commenter=VALUE
--comments=VALUE
--created=VALUE
--draft
-H --head=VALUE
--interactions=VALUE
--involves=VALUE
-q --jq=VALUE
--json=VALUE
--label=VALUE
--language=VALUE
-L --limit=VALUE
--locked
--match=VALUE
--mentions=VALUE
--merged
--merged-at=VALUE
--milestone=VALUE
--no-assignee
--no-label
--no-milestone
--no-project
--order=VALUE
--owner=VALUE
--project=VALUE
--reactions=VALUE
--repo=VALUE
--review=VALUE
--review-requested=VALUE
--reviewed-by=VALUE
--sort=VALUE
--state=VALUE
--team-mentions=VALUE
-t --template=VALUE
--updated=VALUE
--visibility=VALUE
-w --web
-h --help help
`}

var ghSearchRepos = &Node{Effects: ghRead, Inherit: true, Opts: `
--archived
--created=VALUE
--followers=VALUE
--forks=VALUE
--good-first-issues=VALUE
--help-wanted-issues=VALUE
--include-forks=VALUE
-q --jq=VALUE
--json=VALUE
--language=VALUE
--license=VALUE
-L --limit=VALUE
--match=VALUE
--number-topics=VALUE
--order=VALUE
--owner=VALUE
--size=VALUE
--sort=VALUE
--stars=VALUE
-t --template=VALUE
--topic=VALUE
--updated=VALUE
--visibility=VALUE
-w --web
-h --help help
`}

var ghSearch = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "commits", Node: ghSearchCommits},
	{Name: "issues", Node: ghSearchIssues},
	{Name: "prs", Node: ghSearchPrs},
	{Name: "repos", Node: ghSearchRepos},
}}

var ghSecretDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
-a --app=VALUE
-e --env=VALUE
-o --org=VALUE
-u --user
-h --help help
`}

var ghSecretList = &Node{Effects: ghRead, Inherit: true, Opts: `
-a --app=VALUE
-e --env=VALUE
-o --org=VALUE
-u --user
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghSecretSet = &Node{Effects: ghChange, Inherit: true, Opts: `
-a --app=VALUE
-b --body=VALUE
-e --env=VALUE
-f --env-file=VALUE
--no-store
-o --org=VALUE
-r --repos=VALUE
-u --user
-v --visibility=VALUE
-h --help help
`}

var ghSecret = &Node{Effects: ghPrints, Inherit: true, Opts: `
-R --repo=VALUE
-h --help help
`, Subs: []*Sub{
	{Name: "delete", Node: ghSecretDelete},
	{Name: "list", Node: ghSecretList},
	{Name: "set", Node: ghSecretSet},
}}

var ghSshKeyAdd = &Node{Effects: ghChange, Inherit: true, Opts: `
-t --title=VALUE
-h --help help
`}

var ghSshKeyDelete = &Node{Effects: ghChange, Inherit: true, Opts: `
-y --yes
-h --help help
`}

var ghSshKeyList = &Node{Effects: ghRead, Inherit: true, Opts: `
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghSshKey = &Node{Effects: ghPrints, Inherit: true, Opts: `
-h --help help
`, Subs: []*Sub{
	{Name: "add", Node: ghSshKeyAdd},
	{Name: "delete", Node: ghSshKeyDelete},
	{Name: "list", Node: ghSshKeyList},
}}

var ghStatus = &Node{Effects: ghRead, Inherit: true, Opts: `
-e --exclude=VALUE
-o --org=VALUE
-h --help help
--json=FIELDS
-q --jq=EXPR
-t --template=TEMPLATE
`}

var ghSubs = []*Sub{
	{Name: "ruleset|rs", Node: &Node{Effects: ghPrints, Inherit: true, Opts: "-R --repo=REPO\n-h --help help", Subs: []*Sub{
		{Name: "list|ls|view|check", Node: &Node{Effects: ghRead, Inherit: true, Loose: true, Opts: "-L --limit=N\n-o --org=ORG\n-p --parents\n-w --web\n--default\n-h --help help"}},
	}}},
	{Name: "project", Node: &Node{Effects: ghPrints, Inherit: true, Opts: "-h --help help", Subs: []*Sub{
		{Name: "list|view|field-list|item-list", Node: &Node{Effects: ghRead, Inherit: true, Loose: true, Opts: "--owner=OWNER\n-L --limit=N\n--format=FORMAT\n-q --jq=EXPR\n-t --template=TEMPLATE\n-w --web\n--closed\n-h --help help"}},
		{Name: "close|copy|create|delete|edit|field-create|field-delete|item-add|item-archive|item-create|item-delete|item-edit|link|mark-template|unlink", Node: &Node{Effects: ghChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "cache", Node: &Node{Effects: ghPrints, Inherit: true, Opts: "-R --repo=REPO\n-h --help help", Subs: []*Sub{
		{Name: "list|ls", Node: &Node{Effects: ghRead, Inherit: true, Loose: true, Opts: "-L --limit=N\n-O --order=ORDER\n-S --sort=FIELD\n-k --key=KEY\n-r --ref=REF\n-q --jq=EXPR\n-t --template=TEMPLATE\n-h --help help"}},
		{Name: "delete", Node: &Node{Effects: ghChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "variable", Node: &Node{Effects: ghPrints, Inherit: true, Opts: "-R --repo=REPO\n-h --help help", Subs: []*Sub{
		{Name: "list|ls|get", Node: &Node{Effects: ghRead, Inherit: true, Loose: true, Opts: "-e --env=ENV\n-o --org=ORG\n-q --jq=EXPR\n-t --template=TEMPLATE\n-h --help help"}},
		{Name: "set|delete|remove", Node: &Node{Effects: ghChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "attestation|at", Node: &Node{Effects: ghPrints, Inherit: true, Opts: "-h --help help", Subs: []*Sub{
		{Name: "verify|trusted-root", Node: &Node{Effects: ghRead, Inherit: true, Loose: true, Opts: "-R --repo=REPO\n-o --owner=OWNER\n-q --jq=EXPR\n-t --template=TEMPLATE\n-h --help help"}},
		{Name: "download", Node: &Node{Effects: ghChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "org", Node: &Node{Effects: ghPrints, Inherit: true, Opts: "-h --help help", Subs: []*Sub{
		{Name: "list|ls", Node: &Node{Effects: ghRead, Inherit: true, Opts: "-L --limit=N\n-h --help help"}},
	}}},
	{Name: "auth", Node: ghAuth},
	{Name: "browse", Node: ghBrowse},
	{Name: "codespace|cs", Node: ghCodespace},
	{Name: "gist", Node: ghGist},
	{Name: "issue", Node: ghIssue},
	{Name: "pr", Node: ghPr},
	{Name: "release", Node: ghRelease},
	{Name: "repo", Node: ghRepo},
	{Name: "run", Node: ghRun},
	{Name: "workflow", Node: ghWorkflow},
	{Name: "alias", Node: ghAlias},
	{Name: "api", Node: ghApi},
	{Name: "completion", Node: ghCompletion},
	{Name: "config", Node: ghConfig},
	{Name: "extension|extensions|ext", Node: ghExtension},
	{Name: "gpg-key", Node: ghGpgKey},
	{Name: "label", Node: ghLabel},
	{Name: "search", Node: ghSearch},
	{Name: "secret", Node: ghSecret},
	{Name: "ssh-key", Node: ghSshKey},
	{Name: "status", Node: ghStatus},
}
