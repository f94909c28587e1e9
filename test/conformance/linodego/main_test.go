// Package conformance drives the emulator with the API's official Go client, linodego (pinned in
// go.mod), through every operation of the contract that linodego has a function for, on its
// success and failure paths. The emulator's URL and token come from the environment
// (CLOUDPLATFORM_EMULATOR_URL, CLOUDPLATFORM_EMULATOR_TOKEN); test/conformance/linodego.test.ts
// starts an emulator and runs this suite. After the run, every operation of spec/operations.json
// must have been driven or be listed in notDriven with the reason (README.md has the table).
package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/linode/linodego"
)

// notDriven: operations of the contract linodego has no function for, and why.
var notDriven = map[string]string{
	"DELETE /databases/mysql/instances/{instanceId}/backups/{backupId}":      "linodego has no function that deletes a backup",
	"DELETE /databases/postgresql/instances/{instanceId}/backups/{backupId}": "linodego has no function that deletes a backup",
}

// disagrees: operations whose answer linodego cannot read although it is the API's own shape; the
// suite asserts the disagreement, and coverage does not count them as driven to a success.
var disagrees = map[string]string{
	"GET /regions/{regionId}/availability": "the API answers a bare array for one region (api-behaviour.md); linodego decodes one object",
}

// realPaths: where linodego calls the real API's name of a path the contract renames.
var realPaths = map[string]string{"/vpcs/ips": "/networking/vpcs/ips"}

var (
	baseURL = os.Getenv("CLOUDPLATFORM_EMULATOR_URL")
	token   = os.Getenv("CLOUDPLATFORM_EMULATOR_TOKEN")
	ctx     = context.Background()
	log     = &recorder{}
)

// exchange is one request linodego sent and the status it got.
type exchange struct {
	method, path, query string
	status              int
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
		r.exchanges = append(r.exchanges, exchange{req.Method, req.URL.EscapedPath(), req.URL.RawQuery, res.StatusCode})
		r.mu.Unlock()
	}
	return res, err
}

func (r *recorder) since(n int) []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]exchange(nil), r.exchanges[n:]...)
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.exchanges)
}

// newClient is linodego as a user configures it, pointed at the emulator.
func newClient() linodego.Client {
	c := linodego.NewClient(&http.Client{Transport: log, Timeout: 30 * time.Second})
	c.SetBaseURL(baseURL)
	c.SetAPIVersion("v4")
	c.SetToken(token)
	c.SetPollDelay(100 * time.Millisecond)
	return c
}

// control calls the emulator's control API (no token).
func control(t *testing.T, method, path string, body any) {
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
}

// fresh resets the emulator to its seed; database changes take a second of emulated time.
func fresh(t *testing.T) linodego.Client {
	t.Helper()
	control(t, "POST", "/reset", nil)
	control(t, "PUT", "/timings", map[string]int{
		"provisioningSeconds": 1, "updatingSeconds": 1, "patchSeconds": 1,
		"snapshotSeconds": 0, "restoreSeconds": 1, "credentialsResetSeconds": 0,
	})
	return newClient()
}

// refused asserts that err is the API's refusal with `status`, decoded by linodego, naming `field`
// ("" for an error about no one field).
func refused(t *testing.T, err error, status int, field string) {
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
}

// notFound asserts linodego.IsNotFound and that the API's 404 body was read.
func notFound(t *testing.T, err error) {
	t.Helper()
	if !linodego.IsNotFound(err) {
		t.Fatalf("want IsNotFound, got %v", err)
	}
	refused(t, err, http.StatusNotFound, "")
	if !strings.Contains(err.Error(), "Not found") {
		t.Fatalf("want the API's reason, got %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// operation is one entry of spec/operations.json.
type operation struct {
	Method string `json:"method"`
	Path   string `json:"path"`
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

// coverage reports, per contract operation, whether linodego drove it to a success and to a
// refusal; an operation neither driven nor listed in notDriven fails the suite.
func coverage() int {
	raw, err := os.ReadFile("../../../spec/operations.json")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var spec struct{ Operations []operation }
	if err := json.Unmarshal(raw, &spec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	success, failure := map[string]bool{}, map[string]bool{}
	for _, e := range log.since(0) {
		p := strings.TrimPrefix(e.path, "/v4")
		if real, ok := realPaths[p]; ok {
			p = real
		}
		for _, op := range spec.Operations {
			if op.Method == e.method && template(op.Path).MatchString(p) {
				key := op.Method + " " + op.Path
				if _, no := disagrees[key]; no && e.status < 300 {
					break
				}
				if e.status < 300 {
					success[key] = true
				} else if e.status < 500 {
					failure[key] = true
				}
				break
			}
		}
	}
	missing, unrefused := []string{}, []string{}
	withError := 0
	for _, op := range spec.Operations {
		key := op.Method + " " + op.Path
		if failure[key] {
			withError++
		} else {
			unrefused = append(unrefused, key)
		}
		if !success[key] {
			_, listed := notDriven[key]
			_, disagreed := disagrees[key]
			if !listed && !disagreed {
				missing = append(missing, key)
			}
		}
	}
	sort.Strings(missing)
	fmt.Printf("linodego conformance: %d of %d contract operations driven to a success; %d driven to a refusal; "+
		"%d whose API answer linodego cannot read; %d without a linodego function\n",
		len(success), len(spec.Operations), withError, len(disagrees), len(notDriven))
	fmt.Printf("not driven to a refusal: %s\n", strings.Join(unrefused, ", "))
	if len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "contract operations linodego did not drive and notDriven does not list: %s\n", strings.Join(missing, ", "))
		return 1
	}
	return 0
}

// template is the regular expression of a contract path, one segment per {parameter}.
func template(path string) *regexp.Regexp {
	return regexp.MustCompile("^" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(path), `[^/]+`) + "$")
}
