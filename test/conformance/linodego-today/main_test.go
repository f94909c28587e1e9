// Package conformance drives the emulator's today's platform (new databases `rdbms-default`) with the
// newest release of the API's official Go client, linodego (pinned in go.mod), through every
// database operation that release has a function for, on its success and failure paths. The
// emulator's URL and token come from the environment (CLOUDPLATFORM_EMULATOR_URL,
// CLOUDPLATFORM_EMULATOR_TOKEN); test/conformance/linodego-today.test.ts starts an emulator and runs
// this suite. After a whole run, every database function of linodego must be in `operations`, and
// every operation must have been driven to a success and to a refusal or say why not (README.md).
package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/linode/linodego"
)

// operations: each database function of linodego and the API operation it calls ({e} is the
// engine, mysql or postgresql; a function per engine calls the same template).
var operations = map[string]string{
	"ListDatabases":       "GET /databases/instances",
	"ListDatabaseEngines": "GET /databases/engines",
	"GetDatabaseEngine":   "GET /databases/engines/{engineId}",
	"ListDatabaseTypes":   "GET /databases/types",
	"GetDatabaseType":     "GET /databases/types/{typeId}",

	"ListMySQLDatabases":            "GET /databases/mysql/instances",
	"CreateMySQLDatabase":           "POST /databases/mysql/instances",
	"GetMySQLDatabase":              "GET /databases/mysql/instances/{id}",
	"UpdateMySQLDatabase":           "PUT /databases/mysql/instances/{id}",
	"DeleteMySQLDatabase":           "DELETE /databases/mysql/instances/{id}",
	"GetMySQLDatabaseSSL":           "GET /databases/mysql/instances/{id}/ssl",
	"GetMySQLDatabaseCredentials":   "GET /databases/mysql/instances/{id}/credentials",
	"ResetMySQLDatabaseCredentials": "POST /databases/mysql/instances/{id}/credentials/reset",
	"PatchMySQLDatabase":            "POST /databases/mysql/instances/{id}/patch",
	"SuspendMySQLDatabase":          "POST /databases/mysql/instances/{id}/suspend",
	"ResumeMySQLDatabase":           "POST /databases/mysql/instances/{id}/resume",
	"GetMySQLDatabaseConfig":        "GET /databases/mysql/config",

	"ListPostgresDatabases":            "GET /databases/postgresql/instances",
	"CreatePostgresDatabase":           "POST /databases/postgresql/instances",
	"GetPostgresDatabase":              "GET /databases/postgresql/instances/{id}",
	"UpdatePostgresDatabase":           "PUT /databases/postgresql/instances/{id}",
	"DeletePostgresDatabase":           "DELETE /databases/postgresql/instances/{id}",
	"GetPostgresDatabaseSSL":           "GET /databases/postgresql/instances/{id}/ssl",
	"GetPostgresDatabaseCredentials":   "GET /databases/postgresql/instances/{id}/credentials",
	"ResetPostgresDatabaseCredentials": "POST /databases/postgresql/instances/{id}/credentials/reset",
	"PatchPostgresDatabase":            "POST /databases/postgresql/instances/{id}/patch",
	"SuspendPostgresDatabase":          "POST /databases/postgresql/instances/{id}/suspend",
	"ResumePostgresDatabase":           "POST /databases/postgresql/instances/{id}/resume",
	"GetPostgresDatabaseConfig":        "GET /databases/postgresql/config",
}

// waiters: database functions of linodego that call no operation of their own (they poll a GET).
var waiters = map[string]bool{"WaitForDatabaseStatus": true}

// unrefusable: operations the API has no refusal for that a client can cause with linodego, and why.
var unrefusable = map[string]string{
	"GET /databases/mysql/config":      "public, takes no input: nothing to refuse",
	"GET /databases/postgresql/config": "public, takes no input: nothing to refuse",
}

// notServed: operations the emulator does not serve yet, and why. Their tests assert the emulator's
// 404, so the day it serves them the suite fails until the entry goes.
var notServed = map[string]string{}

var (
	baseURL = os.Getenv("CLOUDPLATFORM_EMULATOR_URL")
	token   = os.Getenv("CLOUDPLATFORM_EMULATOR_TOKEN")
	ctx     = context.Background()
	log     = &recorder{}
)

// exchange is one request linodego sent and the status it got.
type exchange struct {
	method, path string
	status       int
}

// recorder is the HTTP transport under linodego: it keeps every exchange for the coverage check.
type recorder struct {
	mu        sync.Mutex
	exchanges []exchange
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		r.mu.Lock()
		r.exchanges = append(r.exchanges, exchange{req.Method, req.URL.EscapedPath(), res.StatusCode})
		r.mu.Unlock()
	}
	return res, err
}

func (r *recorder) all() []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]exchange(nil), r.exchanges...)
}

// newClient is linodego as a user configures it, pointed at the emulator.
func newClient(tok string) linodego.Client {
	c := linodego.NewClient(&http.Client{Transport: log, Timeout: 30 * time.Second})
	c.SetBaseURL(baseURL)
	c.SetAPIVersion("v4")
	c.SetToken(tok)
	c.SetPollDelay(50 * time.Millisecond)
	return c
}

// control calls the emulator's control API (no token) and decodes its answer into out, if given.
func control(t *testing.T, method, path string, body, out any) {
	t.Helper()
	var payload bytes.Buffer
	if body != nil {
		if err := json.NewEncoder(&payload).Encode(body); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, baseURL+"/_emulator"+path, &payload)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		t.Fatalf("control %s %s answered %d", method, path, res.StatusCode)
	}
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
}

// fresh resets the emulator to its seed, makes new databases today's platform, and shortens every
// database change to a second of emulated time.
func fresh(t *testing.T) linodego.Client {
	t.Helper()
	control(t, "POST", "/reset", nil, nil)
	control(t, "PUT", "/platform", map[string]string{"databases": "rdbms-default"}, nil)
	control(t, "PUT", "/timings", map[string]int{
		"provisioningSeconds": 1, "updatingSeconds": 1, "patchSeconds": 1,
		"snapshotSeconds": 0, "restoreSeconds": 1, "credentialsResetSeconds": 0,
		"suspendSeconds": 1, "resumeSeconds": 1, "firstBackupSeconds": 1, "resizeSeconds": 1, "upgradeSeconds": 1,
	}, nil)
	return newClient(token)
}

// refused asserts that err is the API's refusal with `status`, decoded by linodego, naming `field`
// ("" for an error about no one field) and, when `reason` is not empty, saying it.
func refused(t *testing.T, err error, status int, field, reason string) {
	t.Helper()
	var apiErr *linodego.Error
	if !errors.As(err, &apiErr) {
		t.Fatalf("want a linodego.Error %d, got %v", status, err)
	}
	if apiErr.Code != status {
		t.Fatalf("want status %d, got %d: %s", status, apiErr.Code, apiErr.Message)
	}
	if strings.Contains(apiErr.Message, "Unexpected Content-Type") {
		t.Fatalf("linodego could not read the error body: %s", apiErr.Message)
	}
	if field != "" && !strings.Contains(apiErr.Message, "["+field+"]") {
		t.Fatalf("want the refusal to name %q, got %q", field, apiErr.Message)
	}
	if reason != "" && !strings.Contains(apiErr.Message, reason) {
		t.Fatalf("want the refusal to say %q, got %q", reason, apiErr.Message)
	}
}

// notFound asserts linodego.IsNotFound and that the API's 404 body was read.
func notFound(t *testing.T, err error) {
	t.Helper()
	if !linodego.IsNotFound(err) {
		t.Fatalf("want IsNotFound, got %v", err)
	}
	refused(t, err, http.StatusNotFound, "", "Not found")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestMain(m *testing.M) {
	if baseURL == "" || token == "" {
		fmt.Fprintln(os.Stderr, "CLOUDPLATFORM_EMULATOR_URL and CLOUDPLATFORM_EMULATOR_TOKEN must name a running emulator")
		os.Exit(2)
	}
	code := m.Run()
	if code == 0 && !isFiltered() {
		code = coverage()
	}
	os.Exit(code)
}

// isFiltered: a -run selection drives part of the suite only, so coverage is not judged.
func isFiltered() bool {
	for _, a := range os.Args {
		if strings.HasPrefix(a, "-test.run") {
			return true
		}
	}
	return false
}

// databaseFunctions: linodego's exported client functions for databases, read off the client's type.
func databaseFunctions() []string {
	names := []string{}
	typ := reflect.TypeOf(&linodego.Client{})
	for i := 0; i < typ.NumMethod(); i++ {
		name := typ.Method(i).Name
		if regexp.MustCompile(`Database|MySQL|Postgres`).MatchString(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// coverage: every database function of linodego is in `operations` (or is a waiter), and every
// operation was driven to a success and to a refusal (or is in `unrefusable`), but those in
// `notServed`.
func coverage() int {
	functions := databaseFunctions()
	unknown := []string{}
	for _, f := range functions {
		if _, ok := operations[f]; !ok && !waiters[f] {
			unknown = append(unknown, f)
		}
	}
	templates := map[string]bool{}
	for _, op := range operations {
		templates[op] = true
	}
	success, failure := map[string]bool{}, map[string]bool{}
	for _, e := range log.all() {
		p := strings.TrimPrefix(e.path, "/v4")
		for op := range templates {
			method, path, _ := strings.Cut(op, " ")
			if method == e.method && template(path).MatchString(p) {
				if e.status < 300 {
					success[op] = true
				} else if e.status < 500 {
					failure[op] = true
				}
			}
		}
	}
	missing := []string{}
	for op := range templates {
		_, excused := unrefusable[op]
		if _, absent := notServed[op]; absent {
			continue
		}
		if !success[op] || (!failure[op] && !excused) {
			missing = append(missing, fmt.Sprintf("%s (success %v, refusal %v)", op, success[op], failure[op]))
		}
	}
	sort.Strings(missing)
	fmt.Printf("linodego %s on today's platform: %d database functions (%d waiter); %d operations, %d driven to a success, "+
		"%d driven to a refusal, %d without a refusal to drive, %d the emulator does not serve yet\n",
		pinned(), len(functions), len(waiters), len(templates), len(success), len(failure), len(unrefusable), len(notServed))
	if len(unknown) > 0 {
		fmt.Fprintf(os.Stderr, "linodego database functions missing from `operations`: %s\n", strings.Join(unknown, ", "))
		return 1
	}
	if len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "operations not driven both ways: %s\n", strings.Join(missing, "; "))
		return 1
	}
	return 0
}

// pinned is the linodego version go.mod requires (a test binary carries no module versions, so
// linodego.Version reads "dev" here).
func pinned() string {
	raw, err := os.ReadFile("go.mod")
	if err != nil {
		return "unknown"
	}
	m := regexp.MustCompile(`github\.com/linode/linodego (v\S+)`).FindSubmatch(raw)
	if m == nil {
		return "unknown"
	}
	return string(m[1])
}

// template is the regular expression of an operation's path, one segment per {parameter}; an
// engine id ({engineId}) may be one escaped segment or two.
func template(path string) *regexp.Regexp {
	quoted := regexp.QuoteMeta(path)
	quoted = strings.ReplaceAll(quoted, `\{engineId\}`, `[^/]+(/[^/]+)?`)
	return regexp.MustCompile("^" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(quoted, `[^/]+`) + "$")
}
