print(2906
