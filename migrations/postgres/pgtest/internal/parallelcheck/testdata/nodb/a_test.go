package nodb

import "testing"

func TestAlone(t *testing.T) {}
