package programs

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
)

// goBinaryVersion reads the Go version a Go program was built with
// ("go1.26.8") from its build information, as debug/buildinfo does, but
// with only the file formats' headers read here: debug/buildinfo links
// debug/elf, debug/dwarf, compress/flate and internal/zstd, whose inits
// and size every hook process paid for (0.04 ms of init alone). ELF,
// Mach-O and PE executables of Go 1.18 and later are read; anything else
// (an older Go, a universal Mach-O file) is not, and ok is false, which
// keeps a go.mod's toolchain line unknown.
func goBinaryVersion(file string) (version string, ok bool) {
	f, err := os.Open(file)
	if err != nil {
		return "", false
	}
	defer f.Close()
	var head [64]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return "", false
	}
	var off int64
	switch {
	case bytes.HasPrefix(head[:], []byte("\x7fELF")):
		off, ok = elfSection(f, head[:], ".go.buildinfo")
	case bytes.HasPrefix(head[:], []byte{0xcf, 0xfa, 0xed, 0xfe}):
		off, ok = machoSection(f, "__go_buildinfo")
	case bytes.HasPrefix(head[:], []byte("MZ")):
		off, ok = peSection(f, head[:], ".data")
	}
	if !ok {
		return "", false
	}
	return buildInfoVersion(f, off)
}

// buildInfoVersion finds the build information's magic where debug/buildinfo
// looks for it (16-byte aligned in the first 64 KiB from off) and reads
// the version string that follows, inline since Go 1.18.
func buildInfoVersion(f io.ReaderAt, off int64) (string, bool) {
	magic := []byte("\xff Go buildinf:")
	data := make([]byte, 64<<10)
	n, err := f.ReadAt(data, off)
	if err != nil && err != io.EOF {
		return "", false
	}
	data = data[:n]
	for i := 0; i+32 <= len(data); i += 16 {
		if !bytes.HasPrefix(data[i:], magic) {
			continue
		}
		if data[i+15]&2 == 0 {
			// Before Go 1.18 the strings are pointers into the program.
			return "", false
		}
		size, w := binary.Uvarint(data[i+32:])
		start := i + 32 + w
		if w <= 0 || size > uint64(len(data)-start) {
			return "", false
		}
		return string(data[start : start+int(size)]), true
	}
	return "", false
}

// elfSection returns the file offset of an ELF file's section by name.
func elfSection(f io.ReaderAt, head []byte, name string) (int64, bool) {
	var bo binary.ByteOrder = binary.LittleEndian
	if head[5] == 2 {
		bo = binary.BigEndian
	}
	// Where the section headers are, their size and count, and which
	// holds their names; then, in each header, where its name, file
	// offset and size are.
	var shoff int64
	var shentsize, shnum, shstrndx int
	var nameAt, offAt, sizeAt int
	var word func([]byte) int64
	switch head[4] {
	case 1:
		shoff = int64(bo.Uint32(head[0x20:]))
		shentsize, shnum, shstrndx = int(bo.Uint16(head[0x2e:])), int(bo.Uint16(head[0x30:])), int(bo.Uint16(head[0x32:]))
		nameAt, offAt, sizeAt = 0, 16, 20
		word = func(b []byte) int64 { return int64(bo.Uint32(b)) }
	case 2:
		shoff = int64(bo.Uint64(head[0x28:]))
		shentsize, shnum, shstrndx = int(bo.Uint16(head[0x3a:])), int(bo.Uint16(head[0x3c:])), int(bo.Uint16(head[0x3e:]))
		nameAt, offAt, sizeAt = 0, 24, 32
		word = func(b []byte) int64 { return int64(bo.Uint64(b)) }
	default:
		return 0, false
	}
	if shentsize < sizeAt+8 || shnum == 0 || shnum > 1<<12 || shstrndx >= shnum {
		return 0, false
	}
	headers := make([]byte, shentsize*shnum)
	if _, err := f.ReadAt(headers, shoff); err != nil {
		return 0, false
	}
	strs := headers[shstrndx*shentsize:]
	strOff, strSize := word(strs[offAt:]), word(strs[sizeAt:])
	if strSize <= 0 || strSize > 1<<20 {
		return 0, false
	}
	names := make([]byte, strSize)
	if _, err := f.ReadAt(names, strOff); err != nil {
		return 0, false
	}
	for i := range shnum {
		h := headers[i*shentsize:]
		at := int(bo.Uint32(h[nameAt:]))
		if at < len(names) && bytes.HasPrefix(names[at:], []byte(name+"\x00")) {
			return word(h[offAt:]), true
		}
	}
	return 0, false
}

// machoSection returns the file offset of a 64-bit little-endian Mach-O
// file's section by name (macOS on amd64 and arm64).
func machoSection(f io.ReaderAt, name string) (int64, bool) {
	var head [32]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return 0, false
	}
	bo := binary.LittleEndian
	ncmds, size := int(bo.Uint32(head[16:])), int(bo.Uint32(head[20:]))
	if size > 1<<20 {
		return 0, false
	}
	cmds := make([]byte, size)
	if _, err := f.ReadAt(cmds, 32); err != nil {
		return 0, false
	}
	const lcSegment64, segHeader, sectSize = 0x19, 72, 80
	for range ncmds {
		if len(cmds) < 8 {
			return 0, false
		}
		cmd, cmdsize := bo.Uint32(cmds), int(bo.Uint32(cmds[4:]))
		if cmdsize < 8 || cmdsize > len(cmds) {
			return 0, false
		}
		if cmd == lcSegment64 && cmdsize >= segHeader {
			nsects := int(bo.Uint32(cmds[64:]))
			for s := range nsects {
				sect := cmds[segHeader+s*sectSize:]
				if segHeader+(s+1)*sectSize > cmdsize {
					break
				}
				if string(bytes.TrimRight(sect[:16], "\x00")) == name {
					return int64(bo.Uint32(sect[48:])), true
				}
			}
		}
		cmds = cmds[cmdsize:]
	}
	return 0, false
}

// peSection returns the file offset of a PE file's section by name.
func peSection(f io.ReaderAt, head []byte, name string) (int64, bool) {
	bo := binary.LittleEndian
	pe := int64(bo.Uint32(head[0x3c:]))
	var coff [24]byte
	if _, err := f.ReadAt(coff[:], pe); err != nil || string(coff[:4]) != "PE\x00\x00" {
		return 0, false
	}
	nsects, optSize := int(bo.Uint16(coff[6:])), int64(bo.Uint16(coff[20:]))
	sects := make([]byte, 40*nsects)
	if _, err := f.ReadAt(sects, pe+24+optSize); err != nil {
		return 0, false
	}
	for i := range nsects {
		s := sects[i*40:]
		if string(bytes.TrimRight(s[:8], "\x00")) == name {
			return int64(bo.Uint32(s[20:])), true
		}
	}
	return 0, false
}
