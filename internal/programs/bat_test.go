package programs_test

import "testing"

func TestBat(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"bat f", "read f"},
		{"bat -p -l go --style=numbers f", "read f"},
		{"bat -r 10:20 -H 12 f", "read f"},
		{"batcat -pp f", "read f"},
		{"bat --paging=never f", "read f"},
		{"bat --paging=always f", "exec sh:\"\"; read f"},
		{"bat --pager less f", "exec sh:\"less\"; read f"},
		{"bat --pager='sh -c id' f", "exec sh:\"sh -c id\"; read f"},
		{"bat --list-themes", ""},
		{"bat --generate-config-file", "change (--generate-config-file writes files)"},
		{"bat cache --build", "change (bat cache rebuilds or clears bat's cache of themes and syntaxes)"},
		{"bat cache --clear", "change (bat cache rebuilds or clears bat's cache of themes and syntaxes)"},
		{"bat cache --help", ""},
		{"BAT_PAGER=x bat f", "unknown (BAT_PAGER is set for bat: it gives the program options or a command of the caller's choosing); read f"},
		{"BAT_CONFIG_PATH=rc bat f", "unknown (BAT_CONFIG_PATH is set for bat: it gives the program options or a command of the caller's choosing); read f"},
		{"BAT_CONFIG_PATH=rc bat --no-config f", "read f"},
		{"bat -", ""},
	})
}
