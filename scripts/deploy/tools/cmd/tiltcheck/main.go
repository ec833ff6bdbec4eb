// Command tiltcheck runs a Tiltfile offline against stubs of Tilt's Starlark API, so that a
// Tiltfile can be checked where Tilt, Docker and a cluster are not available:
//
//   - the Starlark parses and runs in Tilt's dialect (top-level if/for, sets, recursion);
//   - every Tilt builtin it calls exists and gets only keyword arguments Tilt knows;
//   - what Tilt resolves at `tilt up` resolves here too: the Dockerfile and its target stage,
//     `only=` and live_update paths exist and sit inside the build context, live_update steps are
//     in Tilt's order, each docker_build ref is an image of the rendered manifests, each
//     k8s_resource workload / object / resource_dep exists.
//
// helm() really runs `helm template`; -chart-override swaps a chart path for another copy.
// k8s_yaml() takes a path (read like Tilt does) or rendered YAML. local() commands are recorded,
// not run — except those starting with a -run-local prefix, which run in the Tiltfile's directory
// and return their output (the identity Secret's manifest). os.getenv reads the environment.
// Workloads that exist outside the rendered manifests are declared with
// -external-workloads.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
	"go.starlark.net/syntax"
	"gopkg.in/yaml.v3"
)

type step struct {
	kind     string // fall_back_on | sync | run | restart_container
	paths    []string
	remote   string
	cmd      string
	triggers []string
}

func (s *step) String() string        { return fmt.Sprintf("<live_update %s>", s.kind) }
func (s *step) Type() string          { return "live_update_step" }
func (s *step) Freeze()               {}
func (s *step) Truth() starlark.Bool  { return starlark.True }
func (s *step) Hash() (uint32, error) { return 0, errors.New("unhashable") }

type opaque struct{ typ, desc string }

func (o *opaque) String() string        { return o.desc }
func (o *opaque) Type() string          { return o.typ }
func (o *opaque) Freeze()               {}
func (o *opaque) Truth() starlark.Bool  { return starlark.True }
func (o *opaque) Hash() (uint32, error) { return 0, errors.New("unhashable") }

type imageBuild struct {
	ref, context, dockerfile, target string
	buildArgs                        map[string]string
	only                             []string
	steps                            []*step
}

type resource struct {
	workload, newName string
	objects, deps     []string
	labels            []string
}

type checker struct {
	dir            string
	helm           string
	kubeVersion    string
	chartOverrides map[string]string
	args           []string
	runLocal       []string

	images    []imageBuild
	docs      []map[string]any
	resources []resource
	locals    []string
	problems  []string
}

func (c *checker) problem(format string, a ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, a...))
}

// --- conversions -------------------------------------------------------------------------------

func strList(v starlark.Value) ([]string, error) {
	if v == nil || v == starlark.None {
		return nil, nil
	}
	if s, ok := starlark.AsString(v); ok {
		return []string{s}, nil
	}
	iter, ok := v.(starlark.Iterable)
	if !ok {
		return nil, fmt.Errorf("want a string or a list of strings, got %s", v.Type())
	}
	var out []string
	it := iter.Iterate()
	defer it.Done()
	var x starlark.Value
	for it.Next(&x) {
		s, ok := starlark.AsString(x)
		if !ok {
			return nil, fmt.Errorf("want strings, got %s", x.Type())
		}
		out = append(out, s)
	}
	return out, nil
}

func toStarlark(v any) starlark.Value {
	switch x := v.(type) {
	case nil:
		return starlark.None
	case bool:
		return starlark.Bool(x)
	case int:
		return starlark.MakeInt(x)
	case int64:
		return starlark.MakeInt64(x)
	case float64:
		return starlark.Float(x)
	case string:
		return starlark.String(x)
	case []any:
		l := make([]starlark.Value, len(x))
		for i, e := range x {
			l[i] = toStarlark(e)
		}
		return starlark.NewList(l)
	case map[string]any:
		d := starlark.NewDict(len(x))
		for k, e := range x {
			_ = d.SetKey(starlark.String(k), toStarlark(e))
		}
		return d
	default:
		return starlark.String(fmt.Sprint(x))
	}
}

func (c *checker) rel(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.dir, p)
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// --- builtins ----------------------------------------------------------------------------------

type builtinFn = func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error)

func (c *checker) predeclared() starlark.StringDict {
	b := func(name string, fn builtinFn) *starlark.Builtin { return starlark.NewBuiltin(name, fn) }
	none := func(name string, params ...string) *starlark.Builtin {
		return b(name, func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			vals := make([]any, 0, 2*len(params))
			holders := make([]starlark.Value, len(params))
			for i, p := range params {
				vals = append(vals, p, &holders[i])
			}
			return starlark.None, starlark.UnpackArgs(fn.Name(), args, kwargs, vals...)
		})
	}

	osPath := starlarkstruct.FromStringDict(starlarkstruct.Default, starlark.StringDict{
		"exists": b("os.path.exists", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var p string
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "path", &p); err != nil {
				return nil, err
			}
			return starlark.Bool(exists(c.rel(p))), nil
		}),
		"join": b("os.path.join", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			parts := make([]string, len(args))
			for i, a := range args {
				s, ok := starlark.AsString(a)
				if !ok {
					return nil, fmt.Errorf("os.path.join: want strings")
				}
				parts[i] = s
			}
			return starlark.String(filepath.Join(parts...)), nil
		}),
		"basename": b("os.path.basename", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var p string
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "path", &p); err != nil {
				return nil, err
			}
			return starlark.String(filepath.Base(p)), nil
		}),
		"dirname": b("os.path.dirname", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var p string
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "path", &p); err != nil {
				return nil, err
			}
			return starlark.String(filepath.Dir(p)), nil
		}),
		"abspath": b("os.path.abspath", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var p string
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "path", &p); err != nil {
				return nil, err
			}
			return starlark.String(c.rel(p)), nil
		}),
	})
	osModule := &starlarkstruct.Module{Name: "os", Members: starlark.StringDict{
		"path": osPath,
		"getcwd": b("os.getcwd", func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
			return starlark.String(c.dir), nil
		}),
		"getenv": b("os.getenv", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var key string
			var def starlark.Value = starlark.None
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "key", &key, "default?", &def); err != nil {
				return nil, err
			}
			if v, ok := os.LookupEnv(key); ok {
				return starlark.String(v), nil
			}
			return def, nil
		}),
	}}

	stringLists := map[string]bool{}
	configModule := &starlarkstruct.Module{Name: "config", Members: starlark.StringDict{
		"define_string_list": b("config.define_string_list", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var name, usage string
			var positional bool
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "name", &name, "args?", &positional, "usage?", &usage); err != nil {
				return nil, err
			}
			stringLists[name] = positional
			return starlark.None, nil
		}),
		"parse": b("config.parse", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs); err != nil {
				return nil, err
			}
			d := starlark.NewDict(1)
			for name, positional := range stringLists {
				if positional && len(c.args) > 0 {
					_ = d.SetKey(starlark.String(name), toStarlark(toAnyList(c.args)))
				}
			}
			return d, nil
		}),
		"set_enabled_resources": b("config.set_enabled_resources", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var v starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "resources", &v); err != nil {
				return nil, err
			}
			_, err := strList(v)
			return starlark.None, err
		}),
	}}

	readData := func(name string) *starlark.Builtin {
		return b(name, func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var p string
			var def starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "paths", &p, "default?", &def); err != nil {
				return nil, err
			}
			data, err := os.ReadFile(c.rel(p))
			if err != nil {
				if def != nil {
					return def, nil
				}
				return nil, err
			}
			var v any
			if err := yaml.Unmarshal(data, &v); err != nil {
				return nil, fmt.Errorf("%s %s: %w", name, p, err)
			}
			return toStarlark(v), nil
		})
	}

	newStep := func(s *step) starlark.Value { return s }

	return starlark.StringDict{
		"os":     osModule,
		"config": configModule,
		"struct": starlark.NewBuiltin("struct", starlarkstruct.Make),

		"version_settings":   none("version_settings", "check_updates?", "constraint?"),
		"update_settings":    none("update_settings", "max_parallel_updates?", "k8s_upsert_timeout_secs?", "suppress_unused_image_warnings?"),
		"watch_file":         none("watch_file", "file_path"),
		"allow_k8s_contexts": none("allow_k8s_contexts", "contexts"),

		// JSON is YAML, so one parser serves both (Tilt's read_json and read_yaml take the same arguments).
		"read_yaml": readData("read_yaml"),
		"read_json": readData("read_json"),
		"listdir": b("listdir", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var p string
			var recursive bool
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "directory", &p, "recursive?", &recursive); err != nil {
				return nil, err
			}
			entries, err := os.ReadDir(c.rel(p))
			if err != nil {
				return nil, fmt.Errorf("listdir: %w", err)
			}
			var out []any
			for _, e := range entries {
				if !e.IsDir() {
					out = append(out, filepath.Join(c.rel(p), e.Name()))
				}
			}
			return toStarlark(out), nil
		}),
		"local": b("local", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var cmd, quiet, bat, echoOff, env, dir, stdin starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "command", &cmd, "quiet?", &quiet, "command_bat?", &bat, "echo_off?", &echoOff, "env?", &env, "dir?", &dir, "stdin?", &stdin); err != nil {
				return nil, err
			}
			parts, err := strList(cmd)
			if err != nil {
				return nil, err
			}
			line := strings.Join(parts, " ")
			for _, prefix := range c.runLocal {
				if prefix == "" || !strings.HasPrefix(line, prefix) {
					continue
				}
				// A list runs as argv, a string through the shell, as in Tilt.
				run := exec.Command("sh", "-c", line)
				if _, isString := starlark.AsString(cmd); !isString {
					run = exec.Command(parts[0], parts[1:]...)
				}
				var stdout, stderr bytes.Buffer
				run.Dir, run.Stdout, run.Stderr = c.dir, &stdout, &stderr
				if err := run.Run(); err != nil {
					return nil, fmt.Errorf("local %s: %v\n%s", line, err, stderr.String())
				}
				return starlark.String(stdout.String()), nil
			}
			c.locals = append(c.locals, line)
			return starlark.String(""), nil
		}),
		"helm": b("helm", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var chart, name, namespace, kubeVersion string
			var values, set starlark.Value
			var skipCRDs bool
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "pathToChartDir", &chart, "name?", &name, "namespace?", &namespace,
				"values?", &values, "set?", &set, "kube_version?", &kubeVersion, "skip_crds?", &skipCRDs); err != nil {
				return nil, err
			}
			valueFiles, err := strList(values)
			if err != nil {
				return nil, err
			}
			sets, err := strList(set)
			if err != nil {
				return nil, err
			}
			chartPath := c.rel(chart)
			if o, ok := c.chartOverrides[chart]; ok {
				chartPath = o
			}
			if name == "" {
				name = filepath.Base(chart)
			}
			if kubeVersion == "" {
				kubeVersion = c.kubeVersion
			}
			cmdArgs := []string{"template", name, chartPath, "--kube-version", kubeVersion}
			if namespace != "" {
				cmdArgs = append(cmdArgs, "--namespace", namespace)
			}
			for _, f := range valueFiles {
				cmdArgs = append(cmdArgs, "--values", c.rel(f))
			}
			for _, s := range sets {
				cmdArgs = append(cmdArgs, "--set", s)
			}
			if skipCRDs {
				cmdArgs = append(cmdArgs, "--skip-crds")
			}
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(c.helm, cmdArgs...)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				return nil, fmt.Errorf("helm %s: %v\n%s", strings.Join(cmdArgs, " "), err, stderr.String())
			}
			return starlark.String(stdout.String()), nil
		}),
		"k8s_yaml": b("k8s_yaml", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var v starlark.Value
			var allowDup bool
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "yaml", &v, "allow_duplicates?", &allowDup); err != nil {
				return nil, err
			}
			s, ok := starlark.AsString(v)
			if !ok {
				return nil, fmt.Errorf("k8s_yaml: this checker supports a path or a YAML blob, got %s", v.Type())
			}
			// As in Tilt, a one-line string is a path (relative to the Tiltfile); helm() returns
			// the rendered YAML itself.
			if !strings.Contains(s, "\n") {
				data, err := os.ReadFile(filepath.Join(c.dir, s))
				if err != nil {
					return nil, fmt.Errorf("k8s_yaml: %w", err)
				}
				s = string(data)
			}
			dec := yaml.NewDecoder(strings.NewReader(s))
			for {
				var doc map[string]any
				err := dec.Decode(&doc)
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					return nil, fmt.Errorf("k8s_yaml: %w", err)
				}
				if doc != nil {
					c.docs = append(c.docs, doc)
				}
			}
			return starlark.None, nil
		}),
		"docker_build": b("docker_build", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var ref, context, dockerfile, dockerfileContents, target string
			var buildArgs *starlark.Dict
			var liveUpdate, ignore, only, entrypoint, matchEnv, ssh, network, secret, extraTag, containerArgs, cacheFrom, pull, platform, extraHosts starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "ref", &ref, "context", &context, "build_args?", &buildArgs,
				"dockerfile?", &dockerfile, "dockerfile_contents?", &dockerfileContents, "live_update?", &liveUpdate,
				"match_in_env_vars?", &matchEnv, "ignore?", &ignore, "only?", &only, "entrypoint?", &entrypoint, "target?", &target,
				"ssh?", &ssh, "network?", &network, "secret?", &secret, "extra_tag?", &extraTag, "container_args?", &containerArgs,
				"cache_from?", &cacheFrom, "pull?", &pull, "platform?", &platform, "extra_hosts?", &extraHosts); err != nil {
				return nil, err
			}
			img := imageBuild{ref: ref, context: context, dockerfile: dockerfile, target: target, buildArgs: map[string]string{}}
			if img.dockerfile == "" {
				img.dockerfile = filepath.Join(context, "Dockerfile")
			}
			if buildArgs != nil {
				for _, item := range buildArgs.Items() {
					k, _ := starlark.AsString(item[0])
					v, ok := starlark.AsString(item[1])
					if !ok {
						return nil, fmt.Errorf("docker_build %s: build_args values must be strings", ref)
					}
					img.buildArgs[k] = v
				}
			}
			var err error
			if img.only, err = strList(only); err != nil {
				return nil, err
			}
			if liveUpdate != nil {
				l, ok := liveUpdate.(*starlark.List)
				if !ok {
					return nil, fmt.Errorf("docker_build %s: live_update must be a list", ref)
				}
				for i := 0; i < l.Len(); i++ {
					s, ok := l.Index(i).(*step)
					if !ok {
						return nil, fmt.Errorf("docker_build %s: live_update[%d] is a %s, not a live_update step", ref, i, l.Index(i).Type())
					}
					img.steps = append(img.steps, s)
				}
			}
			c.images = append(c.images, img)
			return starlark.None, nil
		}),
		"sync": b("sync", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var local, remote string
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "local_path", &local, "remote_path", &remote); err != nil {
				return nil, err
			}
			return newStep(&step{kind: "sync", paths: []string{local}, remote: remote}), nil
		}),
		"run": b("run", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var cmd, trigger, echoOff starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "cmd", &cmd, "trigger?", &trigger, "echo_off?", &echoOff); err != nil {
				return nil, err
			}
			parts, err := strList(cmd)
			if err != nil {
				return nil, err
			}
			triggers, err := strList(trigger)
			if err != nil {
				return nil, err
			}
			return newStep(&step{kind: "run", cmd: strings.Join(parts, " "), triggers: triggers}), nil
		}),
		"fall_back_on": b("fall_back_on", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var files starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "files", &files); err != nil {
				return nil, err
			}
			paths, err := strList(files)
			if err != nil {
				return nil, err
			}
			return newStep(&step{kind: "fall_back_on", paths: paths}), nil
		}),
		"restart_container": b("restart_container", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs); err != nil {
				return nil, err
			}
			return newStep(&step{kind: "restart_container"}), nil
		}),
		"port_forward": b("port_forward", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var local int
			var container, name, linkPath, host starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "local_port", &local, "container_port?", &container, "name?", &name, "link_path?", &linkPath, "host?", &host); err != nil {
				return nil, err
			}
			return &opaque{"port_forward", fmt.Sprintf("port_forward(%d)", local)}, nil
		}),
		"link": b("link", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var url string
			var name starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "url", &url, "name?", &name); err != nil {
				return nil, err
			}
			return &opaque{"link", url}, nil
		}),
		"k8s_resource": b("k8s_resource", func(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			var workload, newName string
			var portForwards, extraSelectors, triggerMode, deps, objects, autoInit, podReadiness, links, labels, discovery starlark.Value
			if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "workload?", &workload, "new_name?", &newName,
				"port_forwards?", &portForwards, "extra_pod_selectors?", &extraSelectors, "trigger_mode?", &triggerMode,
				"resource_deps?", &deps, "objects?", &objects, "auto_init?", &autoInit, "pod_readiness?", &podReadiness,
				"links?", &links, "labels?", &labels, "discovery_strategy?", &discovery); err != nil {
				return nil, err
			}
			r := resource{workload: workload, newName: newName}
			var err error
			if r.objects, err = strList(objects); err != nil {
				return nil, err
			}
			if r.deps, err = strList(deps); err != nil {
				return nil, err
			}
			if r.labels, err = strList(labels); err != nil {
				return nil, err
			}
			if workload == "" && newName == "" {
				return nil, errors.New("k8s_resource: needs workload or new_name")
			}
			if workload == "" && len(r.objects) == 0 {
				return nil, errors.New("k8s_resource: new_name without workload needs objects")
			}
			c.resources = append(c.resources, r)
			return starlark.None, nil
		}),
	}
}

func toAnyList(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// --- cross-reference checks --------------------------------------------------------------------

var fromRe = regexp.MustCompile(`(?im)^\s*FROM\s+\S+(?:\s+AS\s+(\S+))?\s*$`)

func (c *checker) stages(dockerfile string) (map[string]bool, error) {
	data, err := os.ReadFile(c.rel(dockerfile))
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, m := range fromRe.FindAllStringSubmatch(string(data), -1) {
		if m[1] != "" {
			out[strings.ToLower(m[1])] = true
		}
	}
	return out, nil
}

// copySources lists the build-context sources of every COPY/ADD of the Dockerfile (those with
// --from copy from another stage), parsed with BuildKit's own parser.
func (c *checker) copySources(dockerfile string) ([]string, error) {
	f, err := os.Open(c.rel(dockerfile))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ast, err := parser.Parse(f)
	if err != nil {
		return nil, err
	}
	stages, _, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, stage := range stages {
		for _, cmd := range stage.Commands {
			switch x := cmd.(type) {
			case *instructions.CopyCommand:
				if x.From == "" {
					out = append(out, x.SourcePaths...)
				}
			case *instructions.AddCommand:
				out = append(out, x.SourcePaths...)
			}
		}
	}
	return out, nil
}

func within(path string, roots []string) bool {
	path = filepath.Clean(path)
	for _, r := range roots {
		r = filepath.Clean(r)
		if path == r || strings.HasPrefix(path, r+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func repoOf(image string) string {
	if i := strings.Index(image, "@"); i >= 0 {
		image = image[:i]
	}
	if i := strings.LastIndex(image, ":"); i > strings.LastIndex(image, "/") {
		image = image[:i]
	}
	return image
}

var workloadKinds = map[string]bool{"Deployment": true, "StatefulSet": true, "DaemonSet": true, "Job": true, "CronJob": true, "ReplicaSet": true, "Pod": true}

func (c *checker) checkImages() {
	rendered := map[string]bool{}
	for _, doc := range c.docs {
		collectImages(doc, rendered)
	}
	seen := map[string]bool{}
	order := map[string]int{"fall_back_on": 0, "sync": 1, "run": 2, "restart_container": 3}
	for _, img := range c.images {
		if seen[img.ref] {
			c.problem("docker_build %s: ref built twice", img.ref)
		}
		seen[img.ref] = true
		if !rendered[img.ref] {
			c.problem("docker_build %s: no container of the rendered manifests uses this image", img.ref)
		}
		if !exists(c.rel(img.context)) {
			c.problem("docker_build %s: context %s does not exist", img.ref, img.context)
		}
		stages, err := c.stages(img.dockerfile)
		if err != nil {
			c.problem("docker_build %s: dockerfile: %v", img.ref, err)
		} else {
			if img.target != "" && !stages[strings.ToLower(img.target)] {
				c.problem("docker_build %s: target stage %q not in %s", img.ref, img.target, img.dockerfile)
			}
			if svc, ok := img.buildArgs["SERVICE"]; ok && !stages["final-"+strings.ToLower(svc)] {
				c.problem("docker_build %s: no stage final-%s in %s", img.ref, svc, img.dockerfile)
			}
		}
		ctxRoots := []string{img.context}
		onlyRoots := make([]string, 0, len(img.only))
		for _, o := range img.only {
			p := filepath.Join(img.context, o)
			if !exists(c.rel(p)) {
				c.problem("docker_build %s: only= entry %s does not exist", img.ref, o)
			}
			onlyRoots = append(onlyRoots, p)
		}
		if len(onlyRoots) == 0 {
			onlyRoots = ctxRoots
		}
		// Every file the Dockerfile COPYs from the build context must survive the only= filter,
		// or the image build fails at that COPY under `tilt up` (docker build alone sends all).
		sources, err := c.copySources(img.dockerfile)
		if err != nil {
			c.problem("docker_build %s: dockerfile: %v", img.ref, err)
		}
		for _, src := range sources {
			if src == "." || src == "./" {
				continue // the whole context: whatever only= lets through
			}
			if !within(filepath.Join(img.context, src), onlyRoots) {
				c.problem("docker_build %s: %s COPYs %s, which is outside its only= list", img.ref, img.dockerfile, src)
			}
		}
		last := -1
		var synced []string
		for _, s := range img.steps {
			if order[s.kind] < last {
				c.problem("docker_build %s: live_update step %s out of order (fall_back_on, sync, run, restart_container)", img.ref, s.kind)
			}
			last = order[s.kind]
			switch s.kind {
			case "fall_back_on":
				for _, p := range s.paths {
					if !exists(c.rel(p)) {
						c.problem("docker_build %s: fall_back_on path %s does not exist", img.ref, p)
					}
				}
			case "sync":
				p := s.paths[0]
				if !exists(c.rel(p)) {
					c.problem("docker_build %s: sync source %s does not exist", img.ref, p)
				}
				if !within(p, onlyRoots) {
					c.problem("docker_build %s: sync source %s is outside the build context (only=)", img.ref, p)
				}
				if !strings.HasPrefix(s.remote, "/") {
					c.problem("docker_build %s: sync target %s is not absolute", img.ref, s.remote)
				}
				synced = append(synced, p)
			case "run":
				for _, t := range s.triggers {
					if !within(t, synced) {
						c.problem("docker_build %s: run trigger %s is not under a synced path", img.ref, t)
					}
				}
			}
		}
	}
}

func collectImages(v any, out map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		if cs, ok := x["containers"].([]any); ok {
			for _, ct := range cs {
				if m, ok := ct.(map[string]any); ok {
					if img, ok := m["image"].(string); ok {
						out[repoOf(img)] = true
					}
				}
			}
		}
		for _, e := range x {
			collectImages(e, out)
		}
	case []any:
		for _, e := range x {
			collectImages(e, out)
		}
	}
}

func (c *checker) checkResources(external []string) {
	type obj struct{ name, kind string }
	objects := map[obj]bool{}
	names := map[string]bool{}
	for _, doc := range c.docs {
		kind, _ := doc["kind"].(string)
		meta, _ := doc["metadata"].(map[string]any)
		name, _ := meta["name"].(string)
		objects[obj{strings.ToLower(name), strings.ToLower(kind)}] = true
		if workloadKinds[kind] {
			names[name] = true
		}
	}
	workloads := map[string]bool{}
	for n := range names {
		workloads[n] = true
	}
	for _, e := range external {
		if e != "" {
			workloads[e] = true
			names[e] = true
		}
	}
	claimed := map[obj]bool{}
	for _, r := range c.resources {
		if r.workload != "" {
			if !workloads[r.workload] {
				c.problem("k8s_resource %s: no workload of that name in the rendered manifests", r.workload)
			}
			if r.newName != "" {
				delete(names, r.workload)
			}
		}
		if r.newName != "" {
			if names[r.newName] {
				c.problem("k8s_resource %s: resource name already taken", r.newName)
			}
			names[r.newName] = true
		}
		for _, o := range r.objects {
			parts := strings.Split(o, ":")
			if len(parts) < 2 {
				c.problem("k8s_resource objects: %q is not name:kind", o)
				continue
			}
			key := obj{strings.ToLower(parts[0]), strings.ToLower(parts[1])}
			if !objects[key] {
				c.problem("k8s_resource objects: %s not in the rendered manifests", o)
			}
			if workloadKinds[parts[1]] {
				c.problem("k8s_resource objects: %s is a workload", o)
			}
			if claimed[key] {
				c.problem("k8s_resource objects: %s claimed twice", o)
			}
			claimed[key] = true
		}
		if len(r.labels) == 0 {
			c.problem("k8s_resource %s%s: no labels", r.workload, r.newName)
		}
	}
	for _, r := range c.resources {
		for _, d := range r.deps {
			if !names[d] {
				c.problem("k8s_resource %s: resource_deps names %q, which is no resource", r.workload+r.newName, d)
			}
		}
	}
	// Every rendered workload of ours should be configured (labels).
	configured := map[string]bool{}
	for _, r := range c.resources {
		configured[r.workload] = true
	}
	var unlabeled []string
	for n := range names {
		if !configured[n] && !isNewName(c.resources, n) {
			unlabeled = append(unlabeled, n)
		}
	}
	sort.Strings(unlabeled)
	for _, n := range unlabeled {
		c.problem("workload %s has no k8s_resource (no labels in the Tilt UI)", n)
	}
}

func isNewName(rs []resource, n string) bool {
	for _, r := range rs {
		if r.newName == n {
			return true
		}
	}
	return false
}

func main() {
	tiltfile := flag.String("tiltfile", "Tiltfile", "the Tiltfile to check")
	helmBin := flag.String("helm", "helm", "helm binary")
	kubeVersion := flag.String("kube-version", "1.30.0", "kube version for helm template")
	overrides := flag.String("chart-override", "", "chartPath=stagedPath[,…]: render a staged copy instead")
	external := flag.String("external-workloads", "", "comma-separated workloads rendered by subcharts not available offline")
	root := flag.String("root", "", "directory the Tiltfile's paths are relative to (default: the Tiltfile's)")
	runLocal := flag.String("run-local", "", "comma-separated command prefixes whose local() calls are run, not only recorded")
	flag.Parse()

	abs, err := filepath.Abs(*tiltfile)
	if err != nil {
		fail(err)
	}
	dir := filepath.Dir(abs)
	if *root != "" {
		if dir, err = filepath.Abs(*root); err != nil {
			fail(err)
		}
	}
	c := &checker{dir: dir, helm: *helmBin, kubeVersion: *kubeVersion, chartOverrides: map[string]string{}, args: flag.Args(),
		runLocal: strings.Split(*runLocal, ",")}
	for _, o := range strings.Split(*overrides, ",") {
		if k, v, ok := strings.Cut(o, "="); ok {
			c.chartOverrides[k] = v
		}
	}
	src, err := os.ReadFile(abs)
	if err != nil {
		fail(err)
	}
	thread := &starlark.Thread{Name: "Tiltfile", Print: func(_ *starlark.Thread, msg string) { fmt.Println(msg) }}
	opts := &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true}
	if _, err := starlark.ExecFileOptions(opts, thread, abs, src, c.predeclared()); err != nil {
		var evalErr *starlark.EvalError
		if errors.As(err, &evalErr) {
			fail(errors.New(evalErr.Backtrace()))
		}
		fail(err)
	}
	c.checkImages()
	c.checkResources(strings.Split(*external, ","))

	fmt.Printf("tiltcheck: %d docker_build, %d k8s_resource, %d manifests", len(c.images), len(c.resources), len(c.docs))
	if len(c.locals) > 0 {
		fmt.Printf(", local() not run: %s", strings.Join(c.locals, "; "))
	}
	fmt.Println()
	if len(c.problems) > 0 {
		for _, p := range c.problems {
			fmt.Fprintln(os.Stderr, "tiltcheck:", p)
		}
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "tiltcheck:", err)
	os.Exit(1)
}
