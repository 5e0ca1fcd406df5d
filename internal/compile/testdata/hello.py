print(2906)
