package main

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		name string
		ms   []int
		want int
	}{
		{name: "one run", ms: []int{7}, want: 7},
		{name: "odd", ms: []int{9, 3, 40, 4, 5}, want: 5},
		{name: "even takes the lower middle", ms: []int{9, 3, 40, 4}, want: 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var times []time.Duration
			for _, ms := range tc.ms {
				times = append(times, time.Duration(ms)*time.Millisecond)
			}
			if got, want := median(times), time.Duration(tc.want)*time.Millisecond; got != want {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

func TestRepeated(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	answered := func(answer, n int) run { return run{answer: answer, elapsed: ms(n), peakKiB: int64(n)} }
	tests := []struct {
		name    string
		runs    []run
		want    run
		wantErr string
	}{
		{name: "median, spread and largest peak", runs: []run{answered(5, 3), answered(5, 9), answered(5, 4)},
			want: run{answer: 5, elapsed: ms(4), peakKiB: 9, fastest: ms(3), slowest: ms(9)}},
		{name: "a later run disagrees", runs: []run{answered(5, 3), answered(6, 3), answered(5, 3)}, wantErr: "run 2 of 3 answered 6, run 1 answered 5"},
		{name: "a later run fails", runs: []run{answered(5, 3), answered(5, 3), {err: errors.New("status 2")}}, wantErr: "run 3 of 3: status 2"},
		{name: "a timeout is returned", runs: []run{{timedOut: true, elapsed: ms(10)}, answered(5, 3), answered(5, 3)},
			want: run{timedOut: true, elapsed: ms(10)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			made := 0
			got := repeated(len(tc.runs), func() run { made++; return tc.runs[made-1] })
			if tc.wantErr != "" {
				if got.err == nil || !strings.Contains(got.err.Error(), tc.wantErr) {
					t.Errorf("got error %v, want one containing %q", got.err, tc.wantErr)
				}
				return
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
