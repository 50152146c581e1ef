// Package ledger keeps the double-entry postings of captures and refunds.
package ledger

import "sync"

// Posting is one ledger line.
type Posting struct {
	ChargeID string
	Ref      string // capture or refund reference
	Account  string // "customer-funds", "merchant-payable", "refunds-clearing"
	Minor    int64  // positive = debit, negative = credit
	Currency string
}

// Book is an in-memory ledger; production uses the ledger_postings table.
type Book struct {
	mu       sync.Mutex
	postings []Posting
}

// NewBook returns an empty book.
func NewBook() *Book { return &Book{} }

// PostCapture books a capture. Partial captures of one charge each post again
// without a capture id, which is how October's duplicates happened
// (ledger/partial-capture-double-posting).
func (b *Book) PostCapture(chargeID string, minor int64, currency string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.postings = append(b.postings,
		Posting{ChargeID: chargeID, Account: "customer-funds", Minor: minor, Currency: currency},
		Posting{ChargeID: chargeID, Account: "merchant-payable", Minor: -minor, Currency: currency},
	)
}

// PostRefund books a refund.
func (b *Book) PostRefund(chargeID, refundID string, minor int64, currency string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.postings = append(b.postings,
		Posting{ChargeID: chargeID, Ref: refundID, Account: "merchant-payable", Minor: minor, Currency: currency},
		Posting{ChargeID: chargeID, Ref: refundID, Account: "refunds-clearing", Minor: -minor, Currency: currency},
	)
}

// Captured is the captured amount of a charge, in minor units.
func (b *Book) Captured(chargeID string) int64 {
	return b.sum(chargeID, "customer-funds", func(p Posting) bool { return p.Ref == "" })
}

// Refunded is the refunded amount of a charge, in minor units.
func (b *Book) Refunded(chargeID string) int64 {
	return -b.sum(chargeID, "refunds-clearing", func(p Posting) bool { return p.Ref != "" })
}

func (b *Book) sum(chargeID, account string, keep func(Posting) bool) int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	var total int64
	for _, p := range b.postings {
		if p.ChargeID == chargeID && p.Account == account && keep(p) {
			total += p.Minor
		}
	}
	return total
}
