package programs_test

import "testing"

// TestJavap: javap reads the classes it is given, by name, file or on
// the class path; a URL, an @file of options and a -J option of the JVM
// are unknown.
func TestJavap(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"javap -c -p A.class", "read A.class"},
		{"javap -v -l -s -constants -sysinfo build/classes/A.class", "read build/classes/A.class"},
		{"javap -cp lib/a.jar:build com.example.Main", "read lib/a.jar (tree, hidden); read build (tree, hidden); read com.example.Main"},
		{"javap -classpath out -private Foo", "read out (tree, hidden); read Foo"},
		{"javap --class-path=out Foo", "read out (tree, hidden); read Foo"},
		{"javap -version", ""},
		{"javap -help", ""},
		{"javap -c ~/.ssh/id_rsa", "read /h/.ssh/id_rsa"},
		{"javap jar:file:///tmp/a.jar!/A.class", "unknown (javap opens jar:file:///tmp/a.jar!/A.class as a URL)"},
		{"javap https://example.com/A.class", "unknown (javap opens https://example.com/A.class as a URL)"},
		{"javap @opts", "unknown (javap reads more options from @opts)"},
		{"javap --system /opt/jdk A", "unknown (the option --system is not in the model of javap); read /opt/jdk; read A"},
	})
}

// TestJar: jar only lists an archive here; every other mode writes.
func TestJar(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"jar tf a.jar", "read a.jar"},
		{"jar tvf a.jar", "read a.jar"},
		{"jar -tf a.jar", "read a.jar"},
		{"jar -t -f a.jar META-INF/", "read a.jar"},
		{"jar --list --file a.jar", "read a.jar"},
		{"jar --list --file=a.jar", "read a.jar"},
		{"jar t", ""},
		{"jar --version", ""},
		{"jar xf a.jar", "unknown (the option -x is not in the model of jar); read a.jar; unknown (jar without -t creates, updates or extracts an archive)"},
		{"jar cf a.jar src", "unknown (the option -c is not in the model of jar); read a.jar; unknown (jar without -t creates, updates or extracts an archive)"},
		{"jar uf a.jar x", "unknown (the option -u is not in the model of jar); read a.jar; unknown (jar without -t creates, updates or extracts an archive)"},
		{"jar --extract --file a.jar", "unknown (the option --extract is not in the model of jar); read a.jar; unknown (jar without -t creates, updates or extracts an archive)"},
		{"jar tf a.jar @more", "read a.jar; unknown (jar reads more options from @more)"},
	})
}

// TestJavaOptionsOfTheJVM: -J hands an option to the JVM, which may load
// an agent: code.
func TestJavaOptionsOfTheJVM(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"javap -J-javaagent:x.jar A", "jar -J-javaagent:x.jar tf a.jar", "jar tfJ a.jar -javaagent:x.jar"} {
		if !hasUnknown(t, cmd) {
			t.Errorf("%q: no unknown effect", cmd)
		}
	}
}
