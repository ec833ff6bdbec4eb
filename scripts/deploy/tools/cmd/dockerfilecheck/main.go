// Command dockerfilecheck parses a Dockerfile with BuildKit's own parser (the one `docker build`
// uses), so syntax errors, unknown instructions and bad flags (--mount, --from, --chown) fail
// without a Docker engine. For each -service it resolves the stage graph the build would take
// (ARG defaults and build args expanded in FROM) and checks that every stage it references exists.
//
// With -runtime STAGE it also checks the rules of a small, multi-arch-ready image (ADR 058):
// STAGE's base is a distroless or slim image; STAGE and every stage built FROM it run nothing
// (no RUN: no shell needed, no build tools installed), copy only from -runtime-sources stages
// (the production dependencies and the compiled output, never the build context or the full
// install) and run as a numeric non-root USER; the -prod-deps stage installs with
// `npm ci --omit=dev --workspace`; no instruction names a CPU architecture or pins --platform.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/buildkit/frontend/dockerfile/shell"
)

func main() {
	file := flag.String("file", "Dockerfile", "the Dockerfile")
	services := flag.String("services", "", "comma-separated values of build arg SERVICE to resolve")
	targets := flag.String("targets", "", "comma-separated extra targets to resolve (e.g. dev)")
	runtime := flag.String("runtime", "", "the stage the images are built FROM: check the small-image rules")
	runtimeSources := flag.String("runtime-sources", "prod-deps,build", "the only stages the runtime stages may COPY --from")
	prodDeps := flag.String("prod-deps", "prod-deps", "the stage installing the production dependencies")
	flag.Parse()

	f, err := os.Open(*file)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	ast, err := parser.Parse(f)
	if err != nil {
		fail(err)
	}
	for _, w := range ast.Warnings {
		fmt.Fprintf(os.Stderr, "dockerfilecheck: warning: %s\n", w.Short)
	}
	stages, metaArgs, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		fail(err)
	}
	byName := map[string]int{}
	for i, s := range stages {
		if s.Name != "" {
			byName[strings.ToLower(s.Name)] = i
		}
	}
	problems := 0
	for _, svc := range strings.Split(*services, ",") {
		if svc == "" {
			continue
		}
		args := map[string]string{}
		for _, m := range metaArgs {
			for _, kv := range m.Args {
				if kv.Value != nil {
					args[kv.Key] = *kv.Value
				}
			}
		}
		args["SERVICE"] = svc
		lex := shell.NewLex(ast.EscapeToken)
		resolve := func(start int) error {
			seen := map[int]bool{}
			var walk func(i int) error
			walk = func(i int) error {
				if seen[i] {
					return nil
				}
				seen[i] = true
				st := stages[i]
				base, _, err := lex.ProcessWord(st.BaseName, shell.EnvsFromSlice(envList(args)))
				if err != nil {
					return fmt.Errorf("stage %d FROM %s: %w", i, st.BaseName, err)
				}
				if j, ok := byName[strings.ToLower(base)]; ok {
					if err := walk(j); err != nil {
						return err
					}
				}
				for _, cmd := range st.Commands {
					if c, ok := cmd.(*instructions.CopyCommand); ok && c.From != "" {
						j, ok := byName[strings.ToLower(c.From)]
						if !ok {
							return fmt.Errorf("stage %q: COPY --from=%s: no such stage", st.Name, c.From)
						}
						if err := walk(j); err != nil {
							return err
						}
					}
				}
				return nil
			}
			return walk(start)
		}
		last := len(stages) - 1
		finalBase, _, err := lex.ProcessWord(stages[last].BaseName, shell.EnvsFromSlice(envList(args)))
		if err != nil {
			fail(err)
		}
		if _, ok := byName[strings.ToLower(finalBase)]; !ok {
			fmt.Fprintf(os.Stderr, "dockerfilecheck: SERVICE=%s: default target FROM %s is no stage\n", svc, finalBase)
			problems++
			continue
		}
		if err := resolve(last); err != nil {
			fmt.Fprintf(os.Stderr, "dockerfilecheck: SERVICE=%s: %v\n", svc, err)
			problems++
		}
		for _, t := range strings.Split(*targets, ",") {
			if t == "" {
				continue
			}
			i, ok := byName[strings.ToLower(t)]
			if !ok {
				fmt.Fprintf(os.Stderr, "dockerfilecheck: target %s: no such stage\n", t)
				problems++
				continue
			}
			if err := resolve(i); err != nil {
				fmt.Fprintf(os.Stderr, "dockerfilecheck: SERVICE=%s target %s: %v\n", svc, t, err)
				problems++
			}
		}
	}
	summary := ""
	if *runtime != "" {
		var found []string
		summary, found = smallImage(stages, metaArgs, ast.EscapeToken, *runtime, strings.Split(*runtimeSources, ","), *prodDeps)
		for _, p := range found {
			fmt.Fprintf(os.Stderr, "dockerfilecheck: %s\n", p)
		}
		problems += len(found)
	}
	if problems > 0 {
		os.Exit(1)
	}
	fmt.Printf("dockerfilecheck: %s: %d stages parse; targets resolve for SERVICE=%s\n", *file, len(stages), *services)
	if summary != "" {
		fmt.Println(summary)
	}
}

// An architecture named in an instruction: the build would not work (or not be the same) on the
// other platform. TARGETARCH-style build args are the way to branch, and none is needed here.
var archWord = regexp.MustCompile(`(?i)\b(amd64|x86_64|x86-64|arm64|aarch64|armv7|i386|ppc64le|s390x)\b`)

func smallImage(stages []instructions.Stage, metaArgs []instructions.ArgCommand, escape rune, runtime string, sources []string, prodDeps string) (string, []string) {
	var problems []string
	defaults := map[string]string{}
	for _, m := range metaArgs {
		for _, kv := range m.Args {
			if kv.Value != nil {
				defaults[kv.Key] = *kv.Value
			}
		}
	}
	lex := shell.NewLex(escape)
	byName := map[string]*instructions.Stage{}
	for i := range stages {
		byName[strings.ToLower(stages[i].Name)] = &stages[i]
	}
	rt, ok := byName[strings.ToLower(runtime)]
	if !ok {
		return "", []string{fmt.Sprintf("-runtime %s: no such stage", runtime)}
	}
	base, _, err := lex.ProcessWord(rt.BaseName, shell.EnvsFromSlice(envList(defaults)))
	if err != nil {
		return "", []string{fmt.Sprintf("stage %s FROM %s: %v", runtime, rt.BaseName, err)}
	}
	if !strings.Contains(base, "distroless") && !strings.Contains(base, "slim") {
		problems = append(problems, fmt.Sprintf("stage %s FROM %s: neither a distroless nor a slim image", runtime, base))
	}
	// The runtime stage and the stages built on it, transitively: the images that ship.
	shipped := map[string]bool{strings.ToLower(runtime): true}
	for changed := true; changed; {
		changed = false
		for _, st := range stages {
			name := strings.ToLower(st.Name)
			if !shipped[name] && shipped[strings.ToLower(st.BaseName)] {
				shipped[name], changed = true, true
			}
		}
	}
	allowed := map[string]bool{}
	for _, s := range sources {
		allowed[strings.ToLower(s)] = true
	}
	user := ""
	for _, st := range stages {
		if !shipped[strings.ToLower(st.Name)] {
			continue
		}
		for _, cmd := range st.Commands {
			switch c := cmd.(type) {
			case *instructions.RunCommand:
				problems = append(problems, fmt.Sprintf("stage %s: %s: a shipped image runs nothing (no shell, no build tools in it)", st.Name, c.String()))
			case *instructions.CopyCommand:
				if !allowed[strings.ToLower(c.From)] {
					from := c.From
					if from == "" {
						from = "the build context"
					}
					problems = append(problems, fmt.Sprintf("stage %s: COPY from %s: only %s may reach a shipped image", st.Name, from, strings.Join(sources, ", ")))
				}
			case *instructions.AddCommand:
				problems = append(problems, fmt.Sprintf("stage %s: ADD in a shipped image", st.Name))
			case *instructions.UserCommand:
				if strings.EqualFold(st.Name, runtime) {
					user = c.User
				}
			}
		}
	}
	uid, _, _ := strings.Cut(user, ":")
	if n, err := strconv.Atoi(uid); err != nil || n == 0 {
		problems = append(problems, fmt.Sprintf("stage %s: USER %q is not a numeric non-root uid (runAsNonRoot needs a number)", runtime, user))
	}
	pd, ok := byName[strings.ToLower(prodDeps)]
	installs := false
	if ok {
		for _, cmd := range pd.Commands {
			if r, isRun := cmd.(*instructions.RunCommand); isRun {
				line := strings.Join(r.CmdLine, " ")
				installs = installs || (strings.Contains(line, "npm ci --omit=dev") && strings.Contains(line, "--workspace"))
			}
		}
	}
	if !installs {
		problems = append(problems, fmt.Sprintf("stage %s: no `npm ci --omit=dev --workspace …` (only the service's own production dependencies)", prodDeps))
	}
	for _, st := range stages {
		if st.Platform != "" && !strings.Contains(st.Platform, "$BUILDPLATFORM") && !strings.Contains(st.Platform, "$TARGETPLATFORM") {
			problems = append(problems, fmt.Sprintf("stage %s: FROM --platform=%s pins a platform", st.Name, st.Platform))
		}
		if archWord.MatchString(st.BaseName) {
			problems = append(problems, fmt.Sprintf("stage %s: FROM %s names an architecture", st.Name, st.BaseName))
		}
		for _, cmd := range st.Commands {
			if text := fmt.Sprint(cmd); archWord.MatchString(text) {
				problems = append(problems, fmt.Sprintf("stage %s: %s names an architecture", st.Name, text))
			}
		}
	}
	names := make([]string, 0, len(shipped))
	for _, st := range stages {
		if shipped[strings.ToLower(st.Name)] {
			names = append(names, st.Name)
		}
	}
	return fmt.Sprintf("dockerfilecheck: small image: %d shipped stages FROM %s (%s …): no RUN, no ADD, COPY only from %s; USER %s; %s installs with npm ci --omit=dev --workspace; no architecture named",
		len(names), base, strings.Join(names[:min(3, len(names))], ", "), strings.Join(sources, ", "), user, prodDeps), problems
}

func envList(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "dockerfilecheck:", err)
	os.Exit(1)
}
