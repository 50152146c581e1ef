// Package psp talks to the payment service provider.
package psp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Client calls the PSP's REST API.
type Client struct {
	baseURL string
	http    *http.Client
}

// NewClient returns a client whose every call is bounded by timeout.
func NewClient(baseURL string, timeout time.Duration) *Client {
	return &Client{baseURL: baseURL, http: &http.Client{Timeout: timeout}}
}

// RefundRequest is the body of POST /refunds at the PSP.
type RefundRequest struct {
	ChargeID    string `json:"charge_id"`
	AmountMinor int64  `json:"amount"`
	Currency    string `json:"currency"`
}

// RefundResult is what the PSP answers.
type RefundResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Refund asks the PSP to refund part or all of a captured charge.
// There is no retry here: a timeout surfaces to the caller (see payments/refund-timeout).
func (c *Client) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return RefundResult{}, err
	}
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/refunds", bytes.NewReader(body))
	if err != nil {
		return RefundResult{}, err
	}
	httpReq.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(httpReq)
	if err != nil {
		return RefundResult{}, fmt.Errorf("psp refund %s: %w", req.ChargeID, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return RefundResult{}, fmt.Errorf("psp refund %s: status %d", req.ChargeID, resp.StatusCode)
	}
	var out RefundResult
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return RefundResult{}, fmt.Errorf("psp refund %s: %w", req.ChargeID, err)
	}
	return out, nil
}

// Capture captures an authorised charge.
func (c *Client) Capture(ctx context.Context, chargeID string, amountMinor int64) error {
	body, _ := json.Marshal(map[string]any{"amount": amountMinor})
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/charges/"+chargeID+"/capture", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(httpReq)
	if err != nil {
		return fmt.Errorf("psp capture %s: %w", chargeID, err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("psp capture %s: status %d", chargeID, resp.StatusCode)
	}
	return nil
}
