package programs_test

import "testing"

func TestMacOSSystem(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"log show --last 1h --predicate 'process == \"x\"'", ""},
		{"log show --archive a.logarchive", "read a.logarchive (tree, hidden)"},
		{"log erase --all", "change (log erase)"},
		{"pmset -g batt", ""},
		{"pmset -a sleep 0", "change (pmset sets power settings)"},
		{"networksetup -getdnsservers Wi-Fi", ""},
		{"networksetup -setdnsservers Wi-Fi 1.1.1.1", "change (networksetup -setdnsservers)"},
		{"scutil --dns", ""},
		{"scutil --nc list", ""},
		{"scutil --set HostName x", "change (scutil --set HostName x)"},
		{"scutil", "unknown (scutil without arguments reads commands from standard input)"},
		{"defaults -currentHost read -g", ""},
		{"defaults export com.apple.dock -", ""},
		{"defaults export com.apple.dock dock.plist", "write dock.plist"},
		{"defaults write com.apple.dock autohide -bool true", "change (defaults write)"},
		{"dscl . -read /Users/alice RealName", ""},
		{"dscl . -read /Users/alice ShadowHashData", "unknown (asks for password hashes)"},
		{"dscl -u admin -P pw . -list /Users", "unknown (-P puts a password on the command line)"},
		{"dscl . -create /Users/bob", "change (dscl -create)"},
		{"diskutil apfs list", ""},
		{"diskutil eraseDisk APFS X disk2", "change (diskutil eraseDisk APFS X disk2)"},
		{"hdiutil verify -verbose image.dmg", "read image.dmg"},
		{"hdiutil attach image.dmg", "change (hdiutil attach)"},
		{"hdiutil imageinfo -passphrase pw image.dmg", "unknown (-passphrase puts a password on the command line); read pw; read image.dmg"},
		{"launchctl print system", ""},
		{"launchctl getenv GITHUB_TOKEN", "unknown (launchctl getenv prints a variable of the login session, whose value is not known here)"},
		{"launchctl getenv PATH", "unknown (launchctl getenv prints a variable of the login session, whose value is not known here)"},
		{"launchctl bootout gui/501/x", "change (launchctl bootout)"},
		{"tmutil listbackups", ""},
		{"tmutil startbackup", "change (tmutil startbackup)"},
		{"profiles show -all", ""},
		{"profiles show -o out.xml", "write out.xml"},
		{"profiles remove -identifier x", "change (profiles remove)"},
		{"pkgutil --pkgs", ""},
		{"pkgutil --forget com.example", "change (pkgutil --forget)"},
		{"caffeinate -t 60", ""},
		{"sw_vers -productVersion", ""},
		{"system_profiler SPHardwareDataType", ""},
		{"launchctl $VERB x", "unknown (a word of launchctl is computed at run time: $VERB)"},
	})
}

func TestMacOSSecurity(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"security find-generic-password -s github.com", ""},
		{"security find-generic-password -s github.com -w", "unknown (security find-generic-password -w prints a password)"},
		{"security find-internet-password -gs example.com", "unknown (security find-internet-password -gs prints a password)"},
		{"security dump-keychain -d", "unknown (security dump-keychain -d prints decrypted secrets)"},
		{"security list-keychains -d user -s a.keychain", "change (security list-keychains -s sets the keychain list or default)"},
		{"security delete-certificate -c x", "change (security delete-certificate)"},
		{"security -i", "unknown (security -i reads commands from standard input)"},
		{"codesign -dv --verbose=4 /Applications/Safari.app", "stat /Applications/Safari.app"},
		{"codesign -d --entitlements - App.app", "stat App.app"},
		{"codesign -d --entitlements ent.plist App.app", "write ent.plist; stat App.app"},
		{"codesign --force --sign - App.app", "change (codesign --force); change (codesign --sign); stat -; stat App.app; unknown (codesign without -d or -v)"},
		{"spctl --status", ""},
		{"spctl --assess --type execute -v App.app", ""},
		{"spctl --master-enable", "change (spctl --master-enable); unknown (spctl without --assess, --status or --list)"},
	})
}

func TestMacOSFiles(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"plutil -p Info.plist", "read Info.plist"},
		{"plutil -convert json -o - Info.plist", "read Info.plist"},
		{"plutil -convert xml1 Info.plist", "read Info.plist; write Info.plist"},
		{"plutil -insert k -string v Info.plist", "read Info.plist; write Info.plist"},
		{"sips -g all image.png", "read image.png"},
		{"sips -Z 100 image.png", "change (sips -Z modifies images); read 100; write 100; read image.png; write image.png"},
		{"textutil -info doc.rtf", "read doc.rtf"},
		{"textutil -convert txt -stdout doc.rtf", "read doc.rtf"},
		{"textutil -convert html doc.rtf", "read doc.rtf; change (textutil writes the converted files beside the originals)"},
		{"textutil -convert html doc.rtf -output out.html", "read doc.rtf; write out.html"},
		{"xattr -l file.txt", "stat file.txt"},
		{"xattr -p com.apple.quarantine file.txt", "stat file.txt"},
		{"xattr -d com.apple.quarantine file.txt", "chmod file.txt; change (xattr changes extended attributes)"},
		{"mdimport -L", ""},
		{"mdimport file.txt", "read file.txt; change (mdimport imports files into the Spotlight index)"},
		{"mdfind -name report.pdf", ""},
		{"mdls file.pdf", "stat file.pdf"},
		{"mdls -plist out.plist file.pdf", "stat file.pdf; write out.plist"},
		{"qlmanage -m", ""},
		{"qlmanage -t -o thumbs file.pdf", "write thumbs (tree); read file.pdf"},
		{"lipo -detailed_info binary", "read binary"},
		{"lipo binary -thin arm64 -output thin", "read binary; change (lipo -thin); write thin; change (lipo writes a binary)"},
		{"sample Finder 5", ""},
		{"sample Finder 5 -e", `exec :""`},
		{"say -v Alex done", ""},
		{"say -o out.aiff done", "write out.aiff"},
		{"say -f notes.txt", "read notes.txt"},
		{"symbols -noSources /usr/bin/true", ""},
		{"symbols -saveSignature sig /usr/bin/true", "write sig"},
		{"applesingle probe file.as", "read file.as"},
		{"applesingle decode --pipe file.as", "read file.as"},
		{"binhex decode -C /tmp file.hqx", "read file.hqx; change (binhex decode writes files)"},
		{"binhex -h", ""},
		{"open .", `exec :""`},
	})
}
