package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"awk", awkProgram},
	{"cat", catProgram},
	{"chgrp", chgrpProgram},
	{"chmod", chmodProgram},
	{"chown", chownProgram},
	{"cp", cpProgram},
	{"dd", ddProgram},
	{"find", findProgram},
	{"gawk", awkProgram},
	{"git", gitProgram},
	{"gsed", sedProgram},
	{"install", installProgram},
	{"ln", lnProgram},
	{"mawk", awkProgram},
	{"mkdir", mkdirProgram},
	{"mkfifo", mkfifoProgram},
	{"mknod", mknodProgram},
	{"mv", mvProgram},
	{"nawk", awkProgram},
	{"rm", rmProgram},
	{"rmdir", rmdirProgram},
	{"sed", sedProgram},
	{"shred", shredProgram},
	{"tac", tacProgram},
	{"touch", touchProgram},
	{"truncate", truncateProgram},
	{"unlink", unlinkProgram},
}
