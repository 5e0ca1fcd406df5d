module bullseye

go 1.26.8
