#!/bin/sh
echo 2906
