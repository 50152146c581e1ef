// Package money converts between decimal amounts and minor units.
package money

import "math"

// ToMinor converts a decimal amount to minor units.
//
// Known bug (payments/currency-rounding): every currency is treated as having
// two decimals, so a JPY or KRW refund of 1050 becomes 105000 "minor units"
// and partial refunds are rounded to cents that do not exist.
func ToMinor(amount float64, currency string) int64 {
	return int64(math.Round(amount * 100))
}

// FromMinor is the inverse of ToMinor (with the same bug).
func FromMinor(minor int64, currency string) float64 {
	return float64(minor) / 100
}

// Split divides an amount in minor units into n parts whose sum is the amount;
// the remainder goes to the first parts.
func Split(minor int64, n int) []int64 {
	parts := make([]int64, n)
	base, rest := minor/int64(n), minor%int64(n)
	for i := range parts {
		parts[i] = base
		if int64(i) < rest {
			parts[i]++
		}
	}
	return parts
}
