; Rare writes: the worker's loop dispatches commands through a switch of 23
; cases; by static block frequencies each case runs about 1/25 of the
; iterations. The stores of one case (@verbose, @mem_limit: an admin
; command) run fewer than RareWriteRate (1/16) times per iteration of the
; loop driving them: rare writes, and both, read on every request, are
; read-mostly ("written only rarely while threads run").
; @bytes is written on 21 of the branches: its writes together run most
; iterations, write-hot; @requests on every one, write-hot.
;
;   #include <pthread.h>
;   static int verbose, mem_limit;
;   static long requests, bytes;
;   static int next_cmd(int i) { return (i * 7) & 31; }
;   static void dispatch(int cmd) {
;     switch (cmd) {
;     case 0: verbose = 1; break;
;     case 1: mem_limit = 64; break;
;     case 2: bytes += 1; break; case 3: bytes += 2; break; case 4: bytes += 3; break;
;     case 5: bytes += 4; break; case 6: bytes += 5; break; case 7: bytes += 6; break;
;     case 8: bytes += 7; break; case 9: bytes += 8; break; case 10: bytes += 9; break;
;     case 11: bytes += 10; break; case 12: bytes += 11; break; case 13: bytes += 12; break;
;     case 14: bytes += 13; break; case 15: bytes += 14; break; case 16: bytes += 15; break;
;     case 17: bytes += 16; break; case 18: bytes += 17; break; case 19: bytes += 18; break;
;     case 20: bytes += 19; break; case 21: bytes += 20; break; case 22: bytes += 21; break;
;     default: break;
;     }
;     requests++;
;   }
;   static void *worker(void *a) {
;     for (int i = 0; i < 100000; ++i) dispatch(next_cmd(i + verbose + mem_limit));
;     return 0;
;   }
;   int main(void) {
;     pthread_t t;
;     pthread_create(&t, 0, worker, 0);
;     worker(0);
;     pthread_join(t, 0);
;     return (int)(requests + bytes);
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"verbose",{{.*}}"reason":"written only rarely while threads run (store in dispatch (called repeatedly while threads run), 0.0{{[0-9]+}} times per iteration of the loop driving it)
; CHECK-DAG: "class":"read-mostly","name":"mem_limit",
; CHECK-DAG: "class":"write-hot","name":"bytes",
; CHECK-DAG: "class":"write-hot","name":"requests",
; A higher threshold makes every case's store rare, a lower one none.
; RUN: env CACHELINE_LAYOUT_RARE_WRITE_RATE=0.01 %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.low.json -disable-output %s
; RUN: FileCheck %s --check-prefix=LOW --input-file=%t.low.json
; LOW-DAG: "class":"write-hot","name":"verbose",
; LOW-DAG: "class":"write-hot","name":"mem_limit",
; RUN: not %opt -load-pass-plugin=%plugin -cacheline-rare-write-rate=often -passes=cacheline-layout -disable-output %s 2> %t.err
; RUN: FileCheck %s --check-prefix=BAD --input-file=%t.err
; BAD: for the --cacheline-rare-write-rate option: invalid rate 'often': expected a number from 0 to 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@requests = internal unnamed_addr global i64 0, align 8
@bytes = internal unnamed_addr global i64 0, align 8
@verbose = internal unnamed_addr global i1 false, align 4
@mem_limit = internal unnamed_addr global i1 false, align 4

define dso_local i32 @main() local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  %call1 = call ptr @worker(ptr poison)
  %0 = load i64, ptr %t, align 8
  %call2 = call i32 @pthread_join(i64 noundef %0, ptr noundef null)
  %1 = load i64, ptr @requests, align 8
  %2 = load i64, ptr @bytes, align 8
  %add = add nsw i64 %2, %1
  %conv = trunc i64 %add to i32
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 %conv
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #0

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr nocapture readnone %a) {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret ptr null

for.body:                                         ; preds = %for.body, %entry
  %i.05 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %.b = load i1, ptr @verbose, align 4
  %0 = zext i1 %.b to i32
  %add = add nuw nsw i32 %i.05, %0
  %.b4 = load i1, ptr @mem_limit, align 4
  %1 = select i1 %.b4, i32 64, i32 0
  %add1 = add nuw nsw i32 %add, %1
  %call = tail call fastcc i32 @next_cmd(i32 noundef %add1)
  tail call fastcc void @dispatch(i32 noundef %call)
  %inc = add nuw nsw i32 %i.05, 1
  %exitcond.not = icmp eq i32 %inc, 100000
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #0

define internal fastcc void @dispatch(i32 noundef %cmd) unnamed_addr {
entry:
  switch i32 %cmd, label %sw.epilog [
    i32 0, label %sw.bb
    i32 1, label %sw.bb1
    i32 2, label %sw.bb2
    i32 3, label %sw.bb3
    i32 4, label %sw.bb5
    i32 5, label %sw.bb7
    i32 6, label %sw.bb9
    i32 7, label %sw.bb11
    i32 8, label %sw.bb13
    i32 9, label %sw.bb15
    i32 10, label %sw.bb17
    i32 11, label %sw.bb19
    i32 12, label %sw.bb21
    i32 13, label %sw.bb23
    i32 14, label %sw.bb25
    i32 15, label %sw.bb27
    i32 16, label %sw.bb29
    i32 17, label %sw.bb31
    i32 18, label %sw.bb33
    i32 19, label %sw.bb35
    i32 20, label %sw.bb37
    i32 21, label %sw.bb39
    i32 22, label %sw.bb41
  ]

sw.bb:                                            ; preds = %entry
  store i1 true, ptr @verbose, align 4
  br label %sw.epilog

sw.bb1:                                           ; preds = %entry
  store i1 true, ptr @mem_limit, align 4
  br label %sw.epilog

sw.bb2:                                           ; preds = %entry
  %0 = load i64, ptr @bytes, align 8
  %add = add nsw i64 %0, 1
  store i64 %add, ptr @bytes, align 8
  br label %sw.epilog

sw.bb3:                                           ; preds = %entry
  %1 = load i64, ptr @bytes, align 8
  %add4 = add nsw i64 %1, 2
  store i64 %add4, ptr @bytes, align 8
  br label %sw.epilog

sw.bb5:                                           ; preds = %entry
  %2 = load i64, ptr @bytes, align 8
  %add6 = add nsw i64 %2, 3
  store i64 %add6, ptr @bytes, align 8
  br label %sw.epilog

sw.bb7:                                           ; preds = %entry
  %3 = load i64, ptr @bytes, align 8
  %add8 = add nsw i64 %3, 4
  store i64 %add8, ptr @bytes, align 8
  br label %sw.epilog

sw.bb9:                                           ; preds = %entry
  %4 = load i64, ptr @bytes, align 8
  %add10 = add nsw i64 %4, 5
  store i64 %add10, ptr @bytes, align 8
  br label %sw.epilog

sw.bb11:                                          ; preds = %entry
  %5 = load i64, ptr @bytes, align 8
  %add12 = add nsw i64 %5, 6
  store i64 %add12, ptr @bytes, align 8
  br label %sw.epilog

sw.bb13:                                          ; preds = %entry
  %6 = load i64, ptr @bytes, align 8
  %add14 = add nsw i64 %6, 7
  store i64 %add14, ptr @bytes, align 8
  br label %sw.epilog

sw.bb15:                                          ; preds = %entry
  %7 = load i64, ptr @bytes, align 8
  %add16 = add nsw i64 %7, 8
  store i64 %add16, ptr @bytes, align 8
  br label %sw.epilog

sw.bb17:                                          ; preds = %entry
  %8 = load i64, ptr @bytes, align 8
  %add18 = add nsw i64 %8, 9
  store i64 %add18, ptr @bytes, align 8
  br label %sw.epilog

sw.bb19:                                          ; preds = %entry
  %9 = load i64, ptr @bytes, align 8
  %add20 = add nsw i64 %9, 10
  store i64 %add20, ptr @bytes, align 8
  br label %sw.epilog

sw.bb21:                                          ; preds = %entry
  %10 = load i64, ptr @bytes, align 8
  %add22 = add nsw i64 %10, 11
  store i64 %add22, ptr @bytes, align 8
  br label %sw.epilog

sw.bb23:                                          ; preds = %entry
  %11 = load i64, ptr @bytes, align 8
  %add24 = add nsw i64 %11, 12
  store i64 %add24, ptr @bytes, align 8
  br label %sw.epilog

sw.bb25:                                          ; preds = %entry
  %12 = load i64, ptr @bytes, align 8
  %add26 = add nsw i64 %12, 13
  store i64 %add26, ptr @bytes, align 8
  br label %sw.epilog

sw.bb27:                                          ; preds = %entry
  %13 = load i64, ptr @bytes, align 8
  %add28 = add nsw i64 %13, 14
  store i64 %add28, ptr @bytes, align 8
  br label %sw.epilog

sw.bb29:                                          ; preds = %entry
  %14 = load i64, ptr @bytes, align 8
  %add30 = add nsw i64 %14, 15
  store i64 %add30, ptr @bytes, align 8
  br label %sw.epilog

sw.bb31:                                          ; preds = %entry
  %15 = load i64, ptr @bytes, align 8
  %add32 = add nsw i64 %15, 16
  store i64 %add32, ptr @bytes, align 8
  br label %sw.epilog

sw.bb33:                                          ; preds = %entry
  %16 = load i64, ptr @bytes, align 8
  %add34 = add nsw i64 %16, 17
  store i64 %add34, ptr @bytes, align 8
  br label %sw.epilog

sw.bb35:                                          ; preds = %entry
  %17 = load i64, ptr @bytes, align 8
  %add36 = add nsw i64 %17, 18
  store i64 %add36, ptr @bytes, align 8
  br label %sw.epilog

sw.bb37:                                          ; preds = %entry
  %18 = load i64, ptr @bytes, align 8
  %add38 = add nsw i64 %18, 19
  store i64 %add38, ptr @bytes, align 8
  br label %sw.epilog

sw.bb39:                                          ; preds = %entry
  %19 = load i64, ptr @bytes, align 8
  %add40 = add nsw i64 %19, 20
  store i64 %add40, ptr @bytes, align 8
  br label %sw.epilog

sw.bb41:                                          ; preds = %entry
  %20 = load i64, ptr @bytes, align 8
  %add42 = add nsw i64 %20, 21
  store i64 %add42, ptr @bytes, align 8
  br label %sw.epilog

sw.epilog:                                        ; preds = %sw.bb41, %sw.bb39, %sw.bb37, %sw.bb35, %sw.bb33, %sw.bb31, %sw.bb29, %sw.bb27, %sw.bb25, %sw.bb23, %sw.bb21, %sw.bb19, %sw.bb17, %sw.bb15, %sw.bb13, %sw.bb11, %sw.bb9, %sw.bb7, %sw.bb5, %sw.bb3, %sw.bb2, %sw.bb1, %sw.bb, %entry
  %21 = load i64, ptr @requests, align 8
  %inc = add nsw i64 %21, 1
  store i64 %inc, ptr @requests, align 8
  ret void
}

define internal fastcc i32 @next_cmd(i32 noundef %i) unnamed_addr {
entry:
  %mul = mul nsw i32 %i, 7
  %and = and i32 %mul, 31
  ret i32 %and
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
