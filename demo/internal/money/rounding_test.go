package money

import "testing"

func TestSplitKeepsTheTotal(t *testing.T) {
	parts := Split(1001, 3)
	var sum int64
	for _, p := range parts {
		sum += p
	}
	if sum != 1001 {
		t.Fatalf("sum = %d, want 1001", sum)
	}
}

func TestToMinorEUR(t *testing.T) {
	if got := ToMinor(12.34, "EUR"); got != 1234 {
		t.Fatalf("ToMinor(12.34, EUR) = %d, want 1234", got)
	}
}
