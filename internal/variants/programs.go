package variants

// This file is what the transforms know about programs: which names are
// shell builtins and keywords, and the command lines of the programs whose
// options and operands may be respelled. The knowledge is kept apart from
// the policy's own tables on purpose: the variants test the policy, and
// an oracle that shares the tables it checks would share their mistakes.
// Option lists are those of GNU coreutils 9.1, GNU grep 3.8, git 2.39,
// curl 7.88, the docker and kubectl CLIs.

import (
	"strings"
	"sync"
)

// builtins are the shell's builtins, which no external wrapper (sudo,
// env, xargs) can run. echo, printf, test, [, true and false are left out:
// a program of the same name does the same.
var builtins = setOf(`: . alias bg bind break builtin caller cd command compgen complete compopt continue
	declare dirs disown enable eval exec exit export fc fg getopts hash help history jobs kill let local
	logout mapfile popd pushd pwd read readarray readonly return set shift shopt source suspend times trap
	type typeset ulimit umask unalias unset wait`)

// specialBuiltins are POSIX's special builtins: an assignment before one
// lasts, and command takes that away.
var specialBuiltins = setOf(": . break continue eval exec exit export readonly return set shift source times trap unset")

// stateBuiltins change the shell they run in: in a child shell their
// effect is lost.
var stateBuiltins = setOf(`. alias bg builtin cd declare disown enable eval exec exit export fg hash
	let local mapfile popd pushd read readarray readonly return set shift shopt source trap typeset ulimit
	umask unalias unset wait`)

// keywords are reserved words; quoted, they are not keywords any more.
var keywords = setOf("! [[ ]] { } case coproc do done elif else esac fi for function if in select then time until while")

// bashOnly are builtins and keywords that sh (dash) does not have, or
// has with another meaning.
var bashOnly = setOf(`[[ builtin caller compgen complete compopt coproc declare disown enable function help history let
	mapfile popd pushd readarray select shopt source suspend time typeset`)

func setOf(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// program describes a program's command line.
type program struct {
	// short lists the short options: a letter, '=' when it takes a value,
	// '?' when it takes a value only attached (-tVALUE), then ':' and the
	// long option it is short for.
	short string
	// long lists further long options: a name, '=' when it takes a value,
	// '?' when it takes one only after '='. A long option of short need
	// not be listed unless its value differs.
	long string
	// gnu programs accept an unambiguous abbreviation of a long option.
	gnu bool
	// negations: --no-NAME is the negation of every long option NAME.
	negations bool
	// dashdash programs take -- before their operands, and read no
	// operand differently for it.
	dashdash bool
	// paths is the index of the first operand that names a file (chmod's
	// mode and grep's pattern come before); -1 when none does, and with
	// afterDashdash only operands after -- do.
	paths         int
	afterDashdash bool
	// conflicts lists groups of options (by long name, or letter when
	// there is none) that override or exclude each other: their order is
	// kept.
	conflicts []string
	// expand maps a letter to the letters it stands for (git branch -D is
	// -d -f).
	expand map[byte]string

	once sync.Once
	c    compiled
}

type valueKind uint8

const (
	noValue valueKind = iota
	required
	optional // attached only: -tX, --track=X
)

// option is one option of a program.
type option struct {
	letter byte
	long   string
	// short and long are the values the two spellings take.
	sval, lval valueKind
	conflict   int // 1 + the index of its conflict group; 0 for none
}

// canon names the option whichever way it is spelled.
func (o *option) canon() string {
	if o.long != "" {
		return o.long
	}
	return string(o.letter)
}

type compiled struct {
	shorts map[byte]*option
	longs  map[string]*option
}

func (p *program) compile() *compiled {
	p.once.Do(func() {
		c := compiled{shorts: map[byte]*option{}, longs: map[string]*option{}}
		for _, tok := range strings.Fields(p.short) {
			o := &option{letter: tok[0]}
			rest := tok[1:]
			if rest != "" && (rest[0] == '=' || rest[0] == '?') {
				o.sval = kindOf(rest[0])
				rest = rest[1:]
			}
			if name, ok := strings.CutPrefix(rest, ":"); ok {
				o.long, o.lval = name, o.sval
				if prev := c.longs[name]; prev != nil {
					// Two letters for one long option (rm -r and -R).
					o.lval = prev.lval
				}
				c.longs[name] = o
			}
			c.shorts[o.letter] = o
		}
		for _, tok := range strings.Fields(p.long + " help version") {
			name, kind := tok, noValue
			if n := len(tok) - 1; tok[n] == '=' || tok[n] == '?' {
				name, kind = tok[:n], kindOf(tok[n])
			}
			if o := c.longs[name]; o != nil {
				for _, s := range c.shorts {
					if s.long == name {
						s.lval = kind
					}
				}
				continue
			}
			c.longs[name] = &option{long: name, lval: kind}
		}
		for i, g := range p.conflicts {
			for _, name := range strings.Fields(g) {
				if len(name) == 1 {
					if o := c.shorts[name[0]]; o != nil {
						o.conflict = i + 1
					}
					continue
				}
				for _, o := range c.shorts {
					if o.long == name {
						o.conflict = i + 1
					}
				}
				if o := c.longs[name]; o != nil {
					o.conflict = i + 1
				}
			}
		}
		p.c = c
	})
	return &p.c
}

func kindOf(b byte) valueKind {
	if b == '=' {
		return required
	}
	return optional
}

// programs maps a program's name, and for programs with subcommands its
// name and subcommand, to its command line.
var programs = map[string]*program{
	"rm": {short: "f:force i:interactive I r:recursive R:recursive d:dir v:verbose",
		long: "interactive? one-file-system no-preserve-root preserve-root?", gnu: true, dashdash: true,
		conflicts: []string{"force interactive I"}},
	"rmdir": {short: "p:parents v:verbose", long: "ignore-fail-on-non-empty", gnu: true, dashdash: true},
	"mkdir": {short: "m=:mode p:parents v:verbose Z", long: "context?", gnu: true, dashdash: true},
	"cp": {short: "a:archive b d f:force H i:interactive l:link L:dereference n:no-clobber P:no-dereference p " +
		"R:recursive r:recursive s:symbolic-link S=:suffix t=:target-directory T:no-target-directory u:update " +
		"v:verbose x:one-file-system Z",
		long: "attributes-only backup? context? copy-contents no-preserve= parents preserve? reflink? remove-destination " +
			"sparse= strip-trailing-slashes update?", gnu: true, dashdash: true,
		conflicts: []string{"force interactive no-clobber update", "archive d H dereference no-dereference", "archive p preserve no-preserve attributes-only",
			"link symbolic-link reflink", "b backup"}},
	"mv": {short: "b f:force i:interactive n:no-clobber S=:suffix t=:target-directory T:no-target-directory u:update v:verbose Z",
		long: "backup? context? strip-trailing-slashes update?", gnu: true, dashdash: true,
		conflicts: []string{"force interactive no-clobber update", "b backup"}},
	"ln": {short: "b d:directory F:directory f:force i:interactive L:logical n:no-dereference P:physical r:relative s:symbolic " +
		"S=:suffix t=:target-directory T:no-target-directory v:verbose",
		long: "backup?", gnu: true, dashdash: true, conflicts: []string{"force interactive", "logical physical", "b backup"}},
	"chmod": {short: "c:changes f:silent R:recursive v:verbose", long: "no-preserve-root preserve-root quiet reference=",
		gnu: true, dashdash: true, paths: 1,
		conflicts: []string{"changes silent quiet verbose", "preserve-root no-preserve-root"}},
	"chown": {short: "c:changes f:silent h:no-dereference H L P R:recursive v:verbose",
		long: "dereference from= no-preserve-root preserve-root quiet reference=", gnu: true, dashdash: true, paths: 1,
		conflicts: []string{"changes silent quiet verbose", "H L P dereference no-dereference", "preserve-root no-preserve-root"}},
	"ls": {short: "a:all A:almost-all b:escape B:ignore-backups c C d:directory D:dired f F:classify g G:no-group " +
		"h:human-readable H:dereference-command-line i:inode I=:ignore k:kibibytes l L:dereference m n:numeric-uid-gid " +
		"N:literal o p q:hide-control-chars Q:quote-name r:reverse R:recursive s:size S t T=:tabsize u U v w=:width " +
		"x X Z:context 1",
		long: "author block-size= classify? color? dereference-command-line-symlink-to-dir file-type format= full-time " +
			"group-directories-first hide= hyperlink? indicator-style= quoting-style= show-control-chars si sort= time= " +
			"time-style= zero", gnu: true, dashdash: true,
		conflicts: []string{"all almost-all f U", "C l m x 1 g o numeric-uid-gid format full-time",
			"c u t S U X v sort time f full-time", "hide-control-chars show-control-chars escape literal quote-name quoting-style",
			"human-readable si kibibytes block-size", "dereference dereference-command-line dereference-command-line-symlink-to-dir",
			"classify file-type p indicator-style", "color f"}},
	"grep": {short: "A=:after-context a:text B=:before-context b:byte-offset C=:context c:count D=:devices d=:directories " +
		"E:extended-regexp e=:regexp F:fixed-strings f=:file G:basic-regexp H:with-filename h:no-filename I " +
		"i:ignore-case L:files-without-match l:files-with-matches m=:max-count n:line-number o:only-matching " +
		"P:perl-regexp q:quiet R:dereference-recursive r:recursive s:no-messages T:initial-tab U:binary " +
		"v:invert-match w:word-regexp x:line-regexp y Z:null z:null-data",
		long: "binary-files= color? colour? exclude= exclude-dir= exclude-from= group-separator= include= label= " +
			"line-buffered no-group-separator no-ignore-case silent", gnu: true, dashdash: true, paths: 1,
		conflicts: []string{"extended-regexp fixed-strings basic-regexp perl-regexp", "with-filename no-filename",
			"files-with-matches files-without-match count quiet silent only-matching", "recursive dereference-recursive directories",
			"ignore-case no-ignore-case y", "color colour", "after-context before-context context", "binary-files text I",
			"group-separator no-group-separator"}},
	"cat": {short: "A:show-all b:number-nonblank e E:show-ends n:number s:squeeze-blank t T:show-tabs u v:show-nonprinting",
		gnu: true, dashdash: true, conflicts: []string{"number number-nonblank"}},
	"head": {short: "c=:bytes n=:lines q:quiet v:verbose z:zero-terminated", long: "silent", gnu: true, dashdash: true,
		conflicts: []string{"bytes lines", "quiet silent verbose"}},
	"tail": {short: "c=:bytes f:follow F n=:lines q:quiet s=:sleep-interval v:verbose z:zero-terminated",
		long: "follow? max-unchanged-stats= pid= retry silent", gnu: true, dashdash: true,
		conflicts: []string{"bytes lines", "quiet silent verbose", "follow F retry"}},
	"wc": {short: "c:bytes m:chars l:lines L:max-line-length w:words", long: "files0-from= total=", gnu: true, dashdash: true},
	"touch": {short: "a c:no-create d=:date f h:no-dereference m r=:reference t=", long: "time=", gnu: true, dashdash: true,
		conflicts: []string{"a m time", "date reference t"}},
	"du": {short: "0:null a:all B=:block-size b:bytes c:total D:dereference-args d=:max-depth H h:human-readable k " +
		"L:dereference l:count-links m P:no-dereference S:separate-dirs s:summarize t=:threshold X=:exclude-from " +
		"x:one-file-system",
		long: "apparent-size exclude= files0-from= inodes si time? time-style=", gnu: true, dashdash: true,
		conflicts: []string{"block-size bytes human-readable k m si apparent-size inodes", "dereference-args H dereference no-dereference",
			"all summarize max-depth"}},
	"shred": {short: "f:force n=:iterations s=:size u v:verbose x:exact z:zero", long: "random-source= remove?", gnu: true,
		dashdash: true, conflicts: []string{"u remove"}},
	"stat": {short: "L:dereference f:file-system c=:format t:terse", long: "cached= printf=", gnu: true, dashdash: true,
		conflicts: []string{"format printf terse"}},
	"cd": {short: "L P e", dashdash: true, conflicts: []string{"L P"}},

	"curl": {short: "#:progress-bar 0:http1.0 1:tlsv1 4:ipv4 6:ipv6 a:append A=:user-agent b=:cookie B:use-ascii " +
		"c=:cookie-jar C=:continue-at d=:data D=:dump-header e=:referer E=:cert f:fail F=:form g:globoff G:get " +
		"H=:header i:include I:head j:junk-session-cookies J:remote-header-name k:insecure K=:config l:list-only " +
		"L:location m=:max-time n:netrc N:no-buffer o=:output O:remote-name p:proxytunnel P=:ftp-port Q=:quote " +
		"r=:range R:remote-time s:silent S:show-error T=:upload-file u=:user U=:proxy-user v:verbose " +
		"w=:write-out x=:proxy X=:request y=:speed-time Y=:speed-limit z=:time-cond Z:parallel",
		long: "anyauth basic cacert= capath= compressed connect-timeout= create-dirs data-ascii= data-binary= data-raw= " +
			"data-urlencode= digest doh-url= fail-early fail-with-body http1.1 http2 interface= json= keepalive-time= key= " +
			"limit-rate= location-trusted max-filesize= max-redirs= negotiate no-keepalive no-progress-meter noproxy= ntlm " +
			"oauth2-bearer= output-dir= pass= path-as-is post301 post302 post303 proto= proto-redir= proxy-insecure " +
			"remote-name-all request-target= resolve= retry= retry-all-errors retry-connrefused retry-delay= retry-max-time= " +
			"socks5= socks5-hostname= ssl ssl-reqd stderr= styled-output tcp-nodelay tlsv1.2 tlsv1.3 trace= trace-ascii= " +
			"trace-time unix-socket= url= variable=", paths: -1,
		conflicts: []string{"silent verbose show-error progress-bar no-progress-meter trace trace-ascii",
			"include head", "data data-ascii data-binary data-raw data-urlencode json form get upload-file head request",
			"output remote-name remote-name-all output-dir create-dirs", "http1.0 http1.1 http2", "tlsv1 tlsv1.2 tlsv1.3",
			"ipv4 ipv6", "fail fail-with-body", "basic digest ntlm negotiate anyauth", "proxy socks5 socks5-hostname noproxy"}},

	"git push": {short: "4:ipv4 6:ipv6 d:delete f:force n:dry-run o=:push-option q:quiet u:set-upstream v:verbose",
		long: "all atomic exec= follow-tags force-if-includes force-with-lease? mirror porcelain progress prune receive-pack= " +
			"recurse-submodules= repo= signed? tags thin verify", negations: true, paths: -1,
		conflicts: []string{"force force-with-lease force-if-includes", "quiet verbose progress", "all mirror tags delete prune",
			"verify", "dry-run"}},
	"git reset": {short: "N:intent-to-add p:patch q:quiet",
		long: "hard keep merge mixed pathspec-file-nul pathspec-from-file= recurse-submodules? refresh soft", negations: true,
		paths: -1, afterDashdash: true, conflicts: []string{"hard keep merge mixed soft patch", "refresh quiet"}},
	"git clean": {short: "d e=:exclude f:force i:interactive n:dry-run q:quiet x X", negations: true, dashdash: true,
		conflicts: []string{"x X", "force interactive dry-run"}},
	"git checkout": {short: "2:ours 3:theirs b= B= d:detach f:force l m:merge p:patch q:quiet t?:track",
		long: "conflict= guess ignore-other-worktrees ignore-skip-worktree-bits orphan= overlay overwrite-ignore " +
			"pathspec-file-nul pathspec-from-file= progress recurse-submodules? track?", negations: true,
		paths: -1, afterDashdash: true,
		conflicts: []string{"ours theirs merge conflict", "b B orphan detach", "quiet progress", "overlay guess"}},
	"git restore": {short: "2:ours 3:theirs m:merge p:patch q:quiet s=:source S:staged W:worktree",
		long: "conflict= ignore-skip-worktree-bits ignore-unmerged overlay pathspec-file-nul pathspec-from-file= progress " +
			"recurse-submodules?", negations: true, dashdash: true,
		conflicts: []string{"ours theirs merge conflict", "quiet progress", "overlay"}},
	"git branch": {short: "a:all c:copy C d:delete D f:force i:ignore-case l:list m:move M q:quiet r:remotes t?:track " +
		"u=:set-upstream-to v:verbose",
		long: "abbrev? color? column? contains= create-reflog edit-description format= merged= no-contains= no-merged= " +
			"points-at= recurse-submodules show-current sort= unset-upstream", negations: true, paths: -1,
		conflicts: []string{"copy C delete D list move M set-upstream-to unset-upstream edit-description show-current",
			"quiet verbose", "all remotes"},
		expand: map[byte]string{'D': "df", 'M': "mf", 'C': "cf"}},
	"git switch": {short: "c=:create C=:force-create d:detach f:force m:merge q:quiet t?:track",
		long:      "conflict= discard-changes guess ignore-other-worktrees orphan= overwrite-ignore progress recurse-submodules?",
		negations: true, paths: -1,
		conflicts: []string{"create force-create detach orphan", "force discard-changes merge conflict", "quiet progress"}},
	"git commit": {short: "a:all c=:reedit-message C=:reuse-message e:edit F=:file i:include m=:message n:no-verify o:only " +
		"p:patch q:quiet s:signoff S?:gpg-sign t=:template u?:untracked-files v:verbose z:null",
		long: "ahead-behind allow-empty allow-empty-message amend author= branch cleanup= date= dry-run fixup= interactive " +
			"long no-post-rewrite pathspec-file-nul pathspec-from-file= porcelain reset-author short squash= status trailer= verify",
		negations: true, paths: -1, afterDashdash: true,
		conflicts: []string{"message file reedit-message reuse-message fixup squash", "all include only interactive patch",
			"quiet verbose", "short long porcelain dry-run", "edit", "verify no-verify", "signoff"}},
	"git rm": {short: "f:force n:dry-run q:quiet r", long: "cached ignore-unmatch pathspec-file-nul pathspec-from-file= sparse",
		negations: true, dashdash: true},
	"git add": {short: "A:all e:edit f:force i:interactive N:intent-to-add n:dry-run p:patch u:update v:verbose",
		long:      "chmod= ignore-errors ignore-missing ignore-removal pathspec-file-nul pathspec-from-file= refresh renormalize sparse",
		negations: true, dashdash: true,
		conflicts: []string{"all update ignore-removal renormalize", "interactive patch edit"}},
	"git tag": {short: "a:annotate d:delete e:edit F=:file f:force i:ignore-case l:list m=:message s:sign u=:local-user v:verify",
		long:      "cleanup= color? column? contains= create-reflog format= merged= no-contains= no-merged= points-at= sort=",
		negations: true, paths: -1,
		conflicts: []string{"delete list verify annotate sign local-user", "message file"}},

	"docker rm":              {short: "f:force l:link v:volumes", paths: -1},
	"docker rmi":             {short: "f:force", long: "no-prune", paths: -1},
	"docker system prune":    {short: "a:all f:force", long: "filter= volumes", paths: -1},
	"docker image prune":     {short: "a:all f:force", long: "filter=", paths: -1},
	"docker container prune": {short: "f:force", long: "filter=", paths: -1},
	"docker volume prune":    {short: "a:all f:force", long: "filter=", paths: -1},
	"docker volume rm":       {short: "f:force", paths: -1},
	"docker network prune":   {short: "f:force", long: "filter=", paths: -1},
	"docker builder prune":   {short: "a:all f:force", long: "filter= keep-storage=", paths: -1},
	"kubectl delete": {short: "A:all-namespaces f=:filename k=:kustomize l=:selector n=:namespace o=:output R:recursive",
		long: "all cascade? cluster= context= dry-run? field-selector= force grace-period= ignore-not-found? kubeconfig= " +
			"now raw= server= timeout= token= user= wait?", paths: -1,
		conflicts: []string{"all selector field-selector filename kustomize", "force grace-period now", "cascade"}},
}

func init() {
	programs["chgrp"] = programs["chown"]
}
