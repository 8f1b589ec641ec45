; Function pointers: a function handed to an indirect call goes where the
; call goes. set_config is an argument of a call of a select of keep and
; keep_twice, functions of the program that store it in @saved; main calls
; it through @saved before the thread starts: start-up, so @config is
; read-mostly (before, any function handed to an indirect call was a
; callback of unknown code, and @config write-hot). on_event is handed to a
; pointer from dlsym, a call that reaches none of the program's functions
; (no function of its type has its address taken): code from elsewhere has
; it, a callback of unknown code, and @events is write-hot.
;
;   typedef void (*fn)(void);
;   static long config, events; static fn saved;
;   static void set_config(void) { config = 7; }
;   static void on_event(void) { events++; }
;   static void keep(fn f) { saved = f; }
;   static void keep_twice(fn f) { saved = f; saved = f; }
;   static void *worker(void *a) { long n = 0;
;     for (int i = 0; i < 1000; ++i) n += config + events; return (void *)n; }
;   int main(int argc, char **argv) {
;     void (*reg)(fn) = argc > 5 ? keep_twice : keep;
;     reg(set_config); saved();
;     int (*subscribe)(fn, int) = dlsym(RTLD_DEFAULT, "subscribe");
;     if (subscribe) subscribe(on_event, 3);
;     ... one worker thread, joined; its result printed ... }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: "class":"read-mostly","name":"config",{{.*}}"reason":"written only at start-up (store in set_config (called only at start-up)); read by load in worker (thread entry) before its loops, once per thread"
; CHECK-DAG: "class":"write-hot","name":"events",{{.*}}"reason":"written while threads run: store in on_event (callback of unknown code)"

source_filename = "t.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@saved = internal unnamed_addr global ptr null, align 8
@.str = private unnamed_addr constant [10 x i8] c"subscribe\00", align 1
@.str.1 = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@config = internal unnamed_addr global i1 false, align 8
@events = internal unnamed_addr global i64 0, align 8

define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  %r = alloca ptr, align 8
  %cmp = icmp sgt i32 %argc, 5
  %cond = select i1 %cmp, ptr @keep_twice, ptr @keep
  tail call void %cond(ptr noundef nonnull @set_config)
  %0 = load ptr, ptr @saved, align 8
  tail call void %0()
  %call = tail call ptr @dlsym(ptr noundef null, ptr noundef nonnull @.str)
  %tobool.not = icmp eq ptr %call, null
  br i1 %tobool.not, label %if.end, label %if.then

if.then:                                          ; preds = %entry
  %call1 = tail call i32 %call(ptr noundef nonnull @on_event, i32 noundef 3)
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %call2 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %r)
  %1 = load i64, ptr %t, align 8
  %call3 = call i32 @pthread_join(i64 noundef %1, ptr noundef nonnull %r)
  %2 = load ptr, ptr %r, align 8
  %3 = ptrtoint ptr %2 to i64
  %call4 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i64 noundef %3)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %r)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

define internal void @keep_twice(ptr noundef %f) unnamed_addr {
entry:
  store ptr %f, ptr @saved, align 8
  ret void
}

define internal void @keep(ptr noundef %f) unnamed_addr {
entry:
  store ptr %f, ptr @saved, align 8
  ret void
}

define internal void @set_config() {
entry:
  store i1 true, ptr @config, align 8
  ret void
}

declare ptr @dlsym(ptr noundef, ptr noundef) local_unnamed_addr

define internal void @on_event() {
entry:
  %0 = load i64, ptr @events, align 8
  %inc = add nsw i64 %0, 1
  store i64 %inc, ptr @events, align 8
  ret void
}

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal ptr @worker(ptr nocapture readnone %a) {
entry:
  %.b = load i1, ptr @config, align 8
  %0 = select i1 %.b, i64 7, i64 0
  %1 = load i64, ptr @events, align 8
  %2 = add i64 %0, %1
  %3 = mul i64 %2, 1000
  %4 = inttoptr i64 %3 to ptr
  ret ptr %4
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

