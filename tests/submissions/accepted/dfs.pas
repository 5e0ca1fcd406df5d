{ Target sudoku by depth-first search, as dfs.cpp, with the contest's file I/O. }
program dfs;

var
  cell, weight, blank: array[0..80] of longint;
  rowUsed, colUsed, boxUsed: array[0..8] of longint;
  blanks, best, score, x, d, dr, dc: longint;
  clash: boolean;
  fin, fout: text;

function boxOf(x: longint): longint;
begin
  boxOf := x div 27 * 3 + x mod 9 div 3
end;

function candidates(x: longint): longint;
begin
  candidates := (not (rowUsed[x div 9] or colUsed[x mod 9] or boxUsed[boxOf(x)])) and $3FE
end;

procedure toggle(x, d: longint);
begin
  rowUsed[x div 9] := rowUsed[x div 9] xor (1 shl d);
  colUsed[x mod 9] := colUsed[x mod 9] xor (1 shl d);
  boxUsed[boxOf(x)] := boxUsed[boxOf(x)] xor (1 shl d)
end;

procedure search(depth, score: longint);
var
  bound, pick, fewest, i, c, n, top, k, x, d, t: longint;
begin
  if depth = blanks then
  begin
    if score > best then best := score;
    exit
  end;
  bound := score; pick := -1; fewest := 10;
  for i := depth to blanks - 1 do
  begin
    c := candidates(blank[i]);
    n := 0; top := 0;
    for k := 1 to 9 do
      if (c shr k) and 1 = 1 then begin inc(n); top := k end;
    if n = 0 then exit;
    if n < fewest then begin fewest := n; pick := i end;
    bound := bound + weight[blank[i]] * top
  end;
  if bound <= best then exit;
  t := blank[depth]; blank[depth] := blank[pick]; blank[pick] := t;
  x := blank[depth]; c := candidates(x);
  for d := 9 downto 1 do
    if (c shr d) and 1 = 1 then
    begin
      toggle(x, d);
      search(depth + 1, score + weight[x] * d);
      toggle(x, d)
    end;
  t := blank[depth]; blank[depth] := blank[pick]; blank[pick] := t
end;

begin
  assign(fin, 'sudoku.in'); reset(fin);
  assign(fout, 'sudoku.out'); rewrite(fout);
  blanks := 0; best := -1; score := 0; clash := false;
  for x := 0 to 80 do
  begin
    read(fin, d);
    cell[x] := d;
    dr := abs(x div 9 - 4); dc := abs(x mod 9 - 4);
    if dr > dc then weight[x] := 10 - dr else weight[x] := 10 - dc;
    if d = 0 then
    begin
      blank[blanks] := x; inc(blanks)
    end
    else
    begin
      if ((rowUsed[x div 9] or colUsed[x mod 9] or boxUsed[boxOf(x)]) shr d) and 1 = 1 then clash := true;
      toggle(x, d);
      score := score + weight[x] * d
    end
  end;
  if not clash then search(0, score);
  writeln(fout, best);
  close(fin); close(fout)
end.
