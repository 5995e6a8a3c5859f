package programs

// Maven, Gradle and their wrappers. Every Gradle build runs the project's
// build scripts; Maven loads the project's build extensions and plugins,
// and its launcher script reads .mvn/jvm.config and .mvn/maven.config, JVM
// options of the project, before it reads any option (even --version).
// mvnw and gradlew are scripts of the project. Only the installed gradle
// answers --version and --help without the project.

var mvnProgram = &Program{Names: []string{"mvn", "mvnw", "mvnDebug", "gradlew"}, Node: Node{Loose: true, Operands: true,
	Effects: func(c *Call, fx *Effects) {
		runsProject(c, fx, c.Name+" runs the project's build, its extensions and JVM options")
	}}}

var gradleProgram = &Program{Names: []string{"gradle"}, Node: Node{Loose: true, Operands: true, Opts: `
-v --version                     help
-h -? --help                     help
`, Effects: func(c *Call, fx *Effects) {
	runsProject(c, fx, "gradle runs the project's build scripts")
}}}

// pytest imports the project's conftest.py files and the plugins its
// configuration names before it does anything, --help and --version
// included.
var pytestProgram = &Program{Names: []string{"pytest", "py.test"}, Node: Node{Loose: true, Operands: true,
	Effects: func(c *Call, fx *Effects) {
		runsProject(c, fx, "pytest imports the project's conftest.py files and runs its tests")
	}}}
