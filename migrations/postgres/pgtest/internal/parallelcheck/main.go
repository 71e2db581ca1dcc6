// Command parallelcheck fails when a test that takes a per-test database
// does not run in parallel. `make check` runs it on the module:
//
//	go run ./migrations/postgres/pgtest/internal/parallelcheck .
//
// Each test that uses pgtest owns its database, so it can run beside the
// others, and the suite's wall time depends on it. In every directory
// whose test files import pgtest, each top-level TestXxx(t *testing.T)
// must call t.Parallel() as a statement of its own body. A test that must
// run alone says why in its doc comment with a directive:
//
//	//pgtest:serial sets a process-wide environment variable
//	func TestSomething(t *testing.T) {
//
// A directive without a reason does not count.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const (
	pgtestPath = "github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	directive  = "//pgtest:serial"
)

func main() {
	roots := os.Args[1:]
	if len(roots) == 0 {
		roots = []string{"."}
	}
	var problems []string
	for _, root := range roots {
		p, err := check(root)
		if err != nil {
			fmt.Fprintln(os.Stderr, "parallelcheck:", err)
			os.Exit(2)
		}
		problems = append(problems, p...)
	}
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "parallelcheck: %d test(s) take a per-test database without t.Parallel(); call it first thing, or give the reason with %s <reason> in the test's doc comment\n",
			len(problems), directive)
		os.Exit(1)
	}
}

// check reports, as "file:line: message", every test under root that
// breaks the rule. Directories named testdata or starting with "." or "_"
// are skipped, as the go command skips them.
func check(root string) ([]string, error) {
	dirs := map[string][]string{} // directory → its _test.go files
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, "_test.go") {
			dirs[filepath.Dir(path)] = append(dirs[filepath.Dir(path)], path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var found []problem
	for _, files := range dirs {
		p, err := checkDir(files)
		if err != nil {
			return nil, err
		}
		found = append(found, p...)
	}
	sort.Slice(found, func(i, j int) bool {
		a, b := found[i].pos, found[j].pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Line < b.Line
	})
	out := make([]string, len(found))
	for i, p := range found {
		out[i] = fmt.Sprintf("%s: %s", p.pos, p.msg)
	}
	return out, nil
}

// problem is one test that breaks the rule.
type problem struct {
	pos token.Position
	msg string
}

// checkDir checks one directory's test files, internal and external test
// packages alike: when any of them imports pgtest, the tests of all of
// them share its databases' reason to run in parallel.
func checkDir(files []string) ([]problem, error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	usesDB := false
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == pgtestPath {
				usesDB = true
			}
		}
	}
	if !usesDB {
		return nil, nil
	}
	var problems []problem
	report := func(fn *ast.FuncDecl, format string, args ...any) {
		problems = append(problems, problem{fset.Position(fn.Pos()), fn.Name.Name + fmt.Sprintf(format, args...)})
	}
	for _, f := range parsed {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !isTest(fn) {
				continue
			}
			t := fn.Type.Params.List[0].Names
			if len(t) == 0 || t[0].Name == "_" {
				report(fn, " ignores its *testing.T, so it cannot call t.Parallel()")
				continue
			}
			if callsParallel(fn.Body, t[0].Name) {
				continue
			}
			switch reason, found := serialReason(fn.Doc); {
			case found && reason != "":
				continue
			case found:
				report(fn, ": %s needs a reason", directive)
			default:
				report(fn, " does not call %s.Parallel()", t[0].Name)
			}
		}
	}
	return problems, nil
}

// isTest reports whether fn is a test the go command runs:
// TestXxx(t *testing.T), Xxx not starting with a lower-case letter.
func isTest(fn *ast.FuncDecl) bool {
	name := fn.Name.Name
	if !strings.HasPrefix(name, "Test") || name == "TestMain" {
		return false
	}
	if rest := name[len("Test"):]; rest != "" && rest[0] >= 'a' && rest[0] <= 'z' {
		return false
	}
	params := fn.Type.Params.List
	if len(params) != 1 || len(params[0].Names) > 1 {
		return false
	}
	star, ok := params[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "T"
}

// callsParallel reports whether one of body's own statements is
// t.Parallel().
func callsParallel(body *ast.BlockStmt, t string) bool {
	for _, st := range body.List {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Parallel" {
			continue
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == t {
			return true
		}
	}
	return false
}

// serialReason finds the //pgtest:serial directive in a doc comment and
// the reason written after it.
func serialReason(doc *ast.CommentGroup) (string, bool) {
	if doc == nil {
		return "", false
	}
	for _, c := range doc.List {
		if rest, ok := strings.CutPrefix(c.Text, directive); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}
