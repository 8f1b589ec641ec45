; Pointer variables holding the addresses of this TU's internal tables
; (`struct entry *names = names_data;`), read and written through by
; held-main.ll: see held-address-two-tu.test.
source_filename = "lib.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.entry = type { i32, ptr }

@names_data = internal global [2 x %struct.entry] [%struct.entry { i32 1, ptr @.str }, %struct.entry { i32 2, ptr @.str.1 }], align 16
@names = dso_local local_unnamed_addr global ptr @names_data, align 8
@counters_data = internal global [4 x i32] zeroinitializer, align 16
@counters = dso_local local_unnamed_addr global ptr @counters_data, align 8
@hidden_data = internal global [4 x i32] zeroinitializer, align 16
@hidden = dso_local global ptr @hidden_data, align 8
@.str = private unnamed_addr constant [2 x i8] c"a\00", align 1
@.str.1 = private unnamed_addr constant [2 x i8] c"b\00", align 1

define dso_local void @lib_init() local_unnamed_addr {
entry:
  tail call void @publish(ptr noundef nonnull @hidden)
  ret void
}

declare void @publish(ptr noundef) local_unnamed_addr

