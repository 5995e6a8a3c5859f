package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"7z", sevenZipProgram},
	{"7za", sevenZipProgram},
	{"7zr", sevenZipProgram},
	{"7zz", sevenZipProgram},
	{"bsdtar", tarProgram},
	{"cat", catProgram},
	{"curl", curlProgram},
	{"find", findProgram},
	{"gtar", tarProgram},
	{"tac", tacProgram},
	{"tar", tarProgram},
	{"unzip", unzipProgram},
	{"wget", wgetProgram},
	{"zip", zipProgram},
	{"zipinfo", zipinfoProgram},
}
