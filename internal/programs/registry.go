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
	{"bunzip2", bunzip2Program},
	{"bzip2", bzip2Program},
	{"cat", catProgram},
	{"compression_tool", compressionToolProgram},
	{"curl", curlProgram},
	{"dmesg", dmesgProgram},
	{"find", findProgram},
	{"gtar", tarProgram},
	{"gunzip", gunzipProgram},
	{"gzip", gzipProgram},
	{"journalctl", journalctlProgram},
	{"lzma", lzmaProgram},
	{"pigz", pigzProgram},
	{"sysctl", sysctlProgram},
	{"systemctl", systemctlProgram},
	{"tac", tacProgram},
	{"tar", tarProgram},
	{"unlzma", unlzmaProgram},
	{"unpigz", unpigzProgram},
	{"unxz", unxzProgram},
	{"unzip", unzipProgram},
	{"unzstd", unzstdProgram},
	{"wget", wgetProgram},
	{"xz", xzProgram},
	{"zip", zipProgram},
	{"zipinfo", zipinfoProgram},
	{"zstd", zstdProgram},
}
