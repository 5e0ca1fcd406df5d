package htmlreport

import (
	"fmt"
	"strings"

	"bullseye/internal/contest"
	"bullseye/internal/grid"
)

// hacksView is the page's section on the hacking phase: below the ranking, each contestant's
// break and each input of the set, drawn, with the contestants it breaks.
type hacksView struct {
	Summary     string
	Contestants []hackedView
	Inputs      []hackInputView
}

type hackedView struct {
	Name, By, How, After string
	Class                string // "broken" for a program an input breaks
}

type hackInputView struct {
	contest.HackInput
	Breaks string
	Found  string
	Grid   *gridView
}

// newHacksView returns the section's view, nil without a hacking phase.
func newHacksView(h *contest.Hacks) *hacksView {
	if h == nil {
		return nil
	}
	broken, hacked := h.Broken()
	inputs := fmt.Sprintf("%d inputs", len(h.Inputs))
	if len(h.Inputs) == 1 {
		inputs = "1 input"
	}
	v := &hacksView{Summary: fmt.Sprintf("%d of %d programs broken by %s (%d found), in %s of searching with seed %d, %d to %d givens.",
		broken, hacked, inputs, h.Found, formatMS(float64(h.BudgetMS)), h.Seed, h.MinGivens, h.MaxGivens)}
	if h.Interrupted {
		v.Summary += " Interrupted: what was found so far."
	}
	for _, x := range h.Contestants {
		hv := hackedView{Name: x.Name, By: "–", How: x.How(), After: "–"}
		if x.By != "" {
			hv.By, hv.After, hv.Class = x.By, formatMS(float64(x.FoundAfterMS)), "broken"
		}
		v.Contestants = append(v.Contestants, hv)
	}
	for _, in := range h.Inputs {
		iv := hackInputView{HackInput: in, Breaks: strings.Join(in.Breaks, ", ")}
		iv.Found = fmt.Sprintf("found by %s against %s after %s", in.How, in.FoundAgainst, formatMS(float64(in.FoundAfterMS)))
		if in.ShrunkFrom > 0 {
			iv.Found += fmt.Sprintf(", shrunk from %d givens", in.ShrunkFrom)
		}
		if g, err := grid.ParseLine(in.Input); err == nil {
			iv.Grid = inputGrid(g)
			iv.Grid.Caption = in.Name
			iv.Grid.Note += ", answer " + in.Answer
		}
		v.Inputs = append(v.Inputs, iv)
	}
	return v
}
