; Rules 2 and 3 (callbacks of unknown code): main hands on_event to
; register_handler, an external function the analysis does not know, before
; anything else. Unknown code may call the callback at any time, on any
; thread, repeatedly: on_event is a hot function and not start-up code even
; though it was registered at start-up, so its store makes @events
; write-hot. The module creates no thread itself, yet it has threads: a
; callback escaped to unknown code.
; (c-callback-qsort-startup.ll is the negative: a callback of a known
; synchronous function called from start-up code.)
;
;   static int events;
;   static void on_event(int e) { events = e; }
;   extern void register_handler(void (*)(int));
;   extern void run_loop(void);
;   int main(void) { register_handler(on_event); run_loop(); return events; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"events","reads":1,"reason":"written while threads run: store in on_event (callback of unknown code)"
; CHECK-SAME: "context":"run-time",{{.*}}"function":"on_event","function_role":"callback of unknown code","kind":"store","loop":"none"
; CHECK: "threads": true,
; CHECK-NEXT: "thread_entries": [],
; CHECK-NEXT: "start_up_functions": []

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@events = internal global i32 0, align 4

define internal void @on_event(i32 %e) {
entry:
  store i32 %e, ptr @events, align 4
  ret void
}

define i32 @main() {
entry:
  call void @register_handler(ptr @on_event)
  call void @run_loop()
  %v = load i32, ptr @events, align 4
  ret i32 %v
}

declare void @register_handler(ptr)
declare void @run_loop()
