package mail

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/emersion/go-msgauth/dkim"
)

// DKIMPolicy says what a missing or failed DKIM signature means.
type DKIMPolicy int

const (
	DKIMOff     DKIMPolicy = iota // do not verify
	DKIMWarn                      // verify, report failures, accept anyway
	DKIMRequire                   // reject mail without a valid signature of the From domain
)

// ParseDKIMPolicy reads "off", "warn" or "require" ("" is off).
func ParseDKIMPolicy(s string) (DKIMPolicy, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "off":
		return DKIMOff, nil
	case "warn":
		return DKIMWarn, nil
	case "require":
		return DKIMRequire, nil
	}
	return DKIMOff, fmt.Errorf("mail: unknown DKIM policy %q (want off, warn or require)", s)
}

func (p DKIMPolicy) String() string {
	return [...]string{"off", "warn", "require"}[p]
}

// DKIMResult is the outcome of CheckDKIM.
type DKIMResult struct {
	Checked bool   `json:"checked"`
	Pass    bool   `json:"pass"`   // a valid signature aligned with the From domain
	Accept  bool   `json:"accept"` // what the policy makes of it
	Domain  string `json:"domain,omitempty"`
	Reason  string `json:"reason"`
}

// CheckDKIM verifies the DKIM signatures of raw against fromAddr's domain. lookupTXT
// resolves DNS TXT records (nil: the system resolver); tests pass a stub. A signature
// counts when it verifies and its d= is the From domain or a parent of it.
func CheckDKIM(raw []byte, fromAddr string, policy DKIMPolicy, lookupTXT func(domain string) ([]string, error)) DKIMResult {
	if policy == DKIMOff {
		return DKIMResult{Accept: true, Reason: "DKIM not checked (policy off)"}
	}
	res := DKIMResult{Checked: true}
	fromDomain := ""
	if i := strings.LastIndexByte(fromAddr, '@'); i >= 0 {
		fromDomain = strings.ToLower(fromAddr[i+1:])
	}
	vs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{LookupTXT: lookupTXT})
	switch {
	case err != nil:
		res.Reason = "DKIM: " + err.Error()
	case len(vs) == 0:
		res.Reason = "DKIM: no signature"
	default:
		var fails []string
		for _, v := range vs {
			d := strings.ToLower(v.Domain)
			// The notes measured that a bad body hash is not IsPermFail: test Err itself.
			if v.Err != nil {
				fails = append(fails, fmt.Sprintf("d=%s: %v", d, v.Err))
				continue
			}
			if fromDomain != "" && (d == fromDomain || strings.HasSuffix(fromDomain, "."+d)) {
				res.Pass, res.Domain = true, d
				res.Reason = "DKIM pass d=" + d
				break
			}
			fails = append(fails, fmt.Sprintf("d=%s: valid but not the From domain %s", d, fromDomain))
		}
		if !res.Pass {
			res.Reason = "DKIM fail: " + strings.Join(fails, "; ")
		}
	}
	res.Accept = res.Pass || policy == DKIMWarn
	return res
}
