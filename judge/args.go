package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// reorder moves the flags of args before its other arguments, so that
// "judge.sh solution.cpp -j 4" means what it says: urfave/cli stops reading flags at the first
// argument that is not one. A flag that takes a value keeps the one after it; everything after
// "--" stays an argument.
func reorder(flags []cli.Flag, args []string) []string {
	if len(args) == 0 {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	var options, operands []string
	for i := 1; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			operands = append(operands, args[i+1:]...)
			i = len(args)
		case len(arg) > 1 && arg[0] == '-':
			options = append(options, arg)
			name := strings.TrimLeft(arg, "-")
			if takesValue[name] && !strings.Contains(name, "=") && i+1 < len(args) {
				options = append(options, args[i+1])
				i++
			}
		default:
			operands = append(operands, arg)
		}
	}
	out := append([]string{args[0]}, options...)
	if len(operands) > 0 {
		out = append(out, "--")
	}
	return append(out, operands...)
}
