package shiloh1862

import "fmt"

// errorf builds the package's errors, which always mean corrupt input.
func errorf(format string, args ...any) error {
	return fmt.Errorf("adjudicator: "+format, args...)
}
