package split

import "testing"

func TestInternal(t *testing.T) {}
